import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { signIn, untilInteractive } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// The spec's error pages (SPEC section 4): 404, 500, 403 and any other error, each with a way back
// home. Each kind's code path is the same in both languages; each test walks one language and the
// texts of both are asserted across the file.
const ZH = {
  prefix: '',
  home: '返回首页',
  busy: '服务器繁忙',
  forbidden: '无访问权限',
  notFound: '页面不存在',
  other: '发生错误',
  retry: '重试',
};
const EN = {
  prefix: '/en',
  home: 'Back to home',
  busy: 'Server busy',
  forbidden: 'Access denied',
  notFound: 'Page Not Found',
  other: 'Internal Server Error',
  retry: 'Try again',
};

const ORDERS_CALL = '**/app-api/ip/recharge-order/page**';

/** Clicks the error page's way back home and expects the home page of that language. */
async function backHome(page: Page, lang: typeof ZH) {
  await page.getByTestId('error-page').getByRole('link', { name: lang.home }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?#]*//[^/]+${lang.prefix || '/'}$`));
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  await expect(page.locator('[data-remote="marketing"]')).toBeAttached();
}

test.describe('error pages', () => {
  test('a page whose data call fails with a server error shows "server busy" with a retry that works', async ({ page }) => {
    await signIn(page, 0);
    let failing = true;
    await page.route(ORDERS_CALL, (route) =>
      failing
        ? route.fulfill({ status: 500, json: { code: 500, data: null, msg: 'boom', requestId: 'req-1' } })
        : route.fallback(),
    );
    await page.goto('/admin/dynamic/list');
    const errorPage = page.getByTestId('error-page');
    await expect(errorPage).toHaveAttribute('data-kind', '500');
    await expect(page.getByRole('heading', { level: 1, name: ZH.busy })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${ZH.busy}`));
    // The user centre's navigation stays: only the page's own part is replaced.
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expectWcagClean(page, '500 page (Chinese)');

    failing = false;
    await page.getByRole('button', { name: ZH.retry }).click();
    await expect(errorPage).toHaveCount(0);
    await expect(page.getByTestId('orders-empty').or(page.getByTestId('order-row').first())).toBeVisible();
    await expect(page).not.toHaveTitle(new RegExp(`^${ZH.busy}`));
  });

  test('a server that cannot be reached shows "server busy"; a forbidden call shows "no permission"; both lead home', async ({
    page,
  }) => {
    await signIn(page, 0);
    await page.route(ORDERS_CALL, (route) => route.abort('connectionrefused'));
    await page.goto('/en/admin/dynamic/list');
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '500');
    await expect(page.getByRole('heading', { level: 1, name: EN.busy })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${EN.busy}`));
    await backHome(page, EN);
    await page.unroute(ORDERS_CALL);

    await page.route('**/app-api/member/api-token/list**', (route) =>
      route.fulfill({ status: 403, json: { code: 403, data: null, msg: 'Forbidden' } }),
    );
    await page.goto('/en/admin/api-tokens');
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '403');
    await expect(page.getByRole('heading', { level: 1, name: EN.forbidden })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${EN.forbidden}`));
    await expectWcagClean(page, '403 page (English)');
    await backHome(page, EN);

    await page.goto('/admin/api-tokens');
    await expect(page.getByRole('heading', { level: 1, name: ZH.forbidden })).toBeVisible();
  });

  test('a form whose call fails keeps the page and says so in the form', async ({ page }) => {
    await signIn(page, 0);
    await page.route('**/app-api/member/api-token/create**', (route) =>
      route.fulfill({ status: 500, json: { code: 500, data: null, msg: 'boom' } }),
    );
    await page.goto('/en/admin/api-tokens');
    await page.getByTestId('api-token-new').click();
    await page.getByTestId('api-token-name').fill('CI');
    await page.getByTestId('api-token-submit').click();
    await expect(page.getByTestId('api-token-error')).toBeVisible();
    await expect(page.getByTestId('api-token-dialog')).toBeVisible();
    await expect(page.getByTestId('api-tokens')).toBeAttached();
    await expect(page.getByTestId('error-page')).toHaveCount(0);
  });

  test('the 404 page is titled as such, on the server and in the app, and leads home', async ({ page }) => {
    await page.goto('/no-such-page-here');
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '404');
    await expect(page.getByRole('heading', { level: 1, name: ZH.notFound })).toBeVisible();
    // The server's title, then the app's: both name the page, not only the site.
    await untilInteractive(page);
    await expect(page).toHaveTitle(new RegExp(`^${ZH.notFound} - `));
    await backHome(page, ZH);

    // A client navigation to an unknown page of the user centre, in English.
    await signIn(page, 0);
    await page.goto('/en/admin/dashboard');
    await untilInteractive(page);
    await page.evaluate(() => {
      window.history.pushState(null, '', `${window.location.pathname.replace('/dashboard', '/nothing-here')}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-kind', '404');
    await expect(page.getByRole('heading', { level: 1, name: EN.notFound })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${EN.notFound} - `));
  });

  for (const lang of [EN, ZH]) {
    test(`any other failure (a page's code that cannot load) shows "${lang.other}" and leads home`, async ({ page }) => {
      await page.goto(`${lang.prefix}/`);
      await untilInteractive(page);
      // The shell's own pages (log in, sign up) load their code when first visited: from now on
      // that code cannot be fetched, as during a deploy that removed it.
      await page.route('**/static/js/async/**', (route) => route.abort('connectionrefused'));
      await page
        .getByRole('banner')
        .getByRole('link', { name: lang === EN ? 'Log in' : '登录' })
        .click();
      const errorPage = page.getByTestId('error-page');
      await expect(errorPage).toHaveAttribute('data-kind', 'other');
      await expect(page.getByRole('heading', { level: 1, name: lang.other })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${lang.other}`));
      if (lang === EN) await expectWcagClean(page, 'other error page (English)');
      await page.unroute('**/static/js/async/**');
      await backHome(page, lang);
    });
  }
});
