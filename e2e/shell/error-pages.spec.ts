import { expectWcagClean } from '../support/axe.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const LANGS = [
  {
    prefix: '',
    name: 'Chinese',
    busy: '服务器繁忙',
    forbidden: '无访问权限',
    notFound: '页面不存在',
    retry: '重试',
  },
  {
    prefix: '/en',
    name: 'English',
    busy: 'Server busy',
    forbidden: 'Access denied',
    notFound: 'Page Not Found',
    retry: 'Try again',
  },
] as const;

const ORDERS_CALL = '**/app-api/ip/recharge-order/page**';

test.describe('error pages', () => {
  for (const lang of LANGS) {
    test(`a page whose data call fails with a server error shows "server busy" with a retry that works (${lang.name})`, async ({
      page,
    }) => {
      await signIn(page, 0);
      let failing = true;
      await page.route(ORDERS_CALL, (route) =>
        failing
          ? route.fulfill({ status: 500, json: { code: 500, data: null, msg: 'boom', requestId: 'req-1' } })
          : route.fallback(),
      );
      await page.goto(`${lang.prefix}/admin/dynamic/list`);
      const errorPage = page.getByTestId('error-page');
      await expect(errorPage).toHaveAttribute('data-kind', '500');
      await expect(page.getByRole('heading', { level: 1, name: lang.busy })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${lang.busy}`));
      // The user centre's navigation stays: only the page's own part is replaced.
      await expect(page.getByRole('navigation').first()).toBeVisible();
      await expectWcagClean(page, `500 page (${lang.name})`);

      failing = false;
      await page.getByRole('button', { name: lang.retry }).click();
      await expect(errorPage).toHaveCount(0);
      await expect(page.getByTestId('orders-empty').or(page.getByTestId('order-row').first())).toBeVisible();
      await expect(page).not.toHaveTitle(new RegExp(`^${lang.busy}`));
    });

    test(`a server that cannot be reached shows "server busy"; a forbidden call shows "no permission" (${lang.name})`, async ({
      page,
    }) => {
      await signIn(page, 0);
      await page.route(ORDERS_CALL, (route) => route.abort('connectionrefused'));
      await page.goto(`${lang.prefix}/admin/dynamic/list`);
      await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '500');
      await page.unroute(ORDERS_CALL);

      await page.route('**/app-api/member/api-token/list**', (route) =>
        route.fulfill({ status: 403, json: { code: 403, data: null, msg: 'Forbidden' } }),
      );
      await page.goto(`${lang.prefix}/admin/api-tokens`);
      await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '403');
      await expect(page.getByRole('heading', { level: 1, name: lang.forbidden })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${lang.forbidden}`));
      await expectWcagClean(page, `403 page (${lang.name})`);
    });

    test(`a form whose call fails keeps the page and says so in the form (${lang.name})`, async ({ page }) => {
      await signIn(page, 0);
      await page.route('**/app-api/member/api-token/create**', (route) =>
        route.fulfill({ status: 500, json: { code: 500, data: null, msg: 'boom' } }),
      );
      await page.goto(`${lang.prefix}/admin/api-tokens`);
      await page.getByTestId('api-token-new').click();
      await page.getByTestId('api-token-name').fill('CI');
      await page.getByTestId('api-token-submit').click();
      await expect(page.getByTestId('api-token-error')).toBeVisible();
      await expect(page.getByTestId('api-token-dialog')).toBeVisible();
      await expect(page.getByTestId('api-tokens')).toBeAttached();
      await expect(page.getByTestId('error-page')).toHaveCount(0);
    });

    test(`the 404 page is titled as such once the app runs (${lang.name})`, async ({ page }) => {
      await page.goto(`${lang.prefix}/no-such-page-here`);
      await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '404');
      await expect(page.getByRole('heading', { level: 1, name: lang.notFound })).toBeVisible();
      // The server's title, then the app's: both name the page, not only the site.
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveTitle(new RegExp(`^${lang.notFound} - `));
      // A client navigation to an unknown page of the user centre, too.
      await signIn(page, 0);
      await page.goto(`${lang.prefix}/admin/dashboard`);
      await page.evaluate(() => {
        window.history.pushState(null, '', `${window.location.pathname.replace('/dashboard', '/nothing-here')}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '404');
      await expect(page).toHaveTitle(new RegExp(`^${lang.notFound} - `));
    });
  }
});
