import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { signIn, untilInteractive, uniqueDigits } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const cases = [
  {
    lang: 'English',
    prefix: '/en',
    format: 'txt',
    texts: { title: 'Proxy list link', none: 'This account has no list link yet.', revoked: 'List link revoked' },
    phone: false,
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    format: 'json',
    texts: { title: '代理列表链接', none: '该账号还没有列表链接。', revoked: '列表链接已撤销' },
    phone: true,
  },
] as const;

test.describe('proxy list links', () => {
  for (const c of cases) {
    test(`a list link downloads the generator's lines and stops working once revoked (${c.lang})`, async ({ browser }) => {
      test.slow(); // a dialog, two downloads and axe
      const context = await browser.newContext(c.phone ? PHONE : {});
      const page = await context.newPage();
      const user = await signIn(page);
      const name = `list${uniqueDigits()}`;
      const created = await page.request.post('/app-api/ip/proxy-account/create', {
        headers: { authorization: `Bearer ${user.token}` },
        data: { name },
      });
      const sub = (await created.json()).data as { username: string; password: string };

      await page.goto(`${c.prefix}/admin/account-password-auth`);
      await untilInteractive(page);
      // The link takes the generator's settings: three rotating lines of any country.
      await page.getByTestId('gen-count').fill('3');
      const row = page.locator(`[data-testid="proxy-account-row"][data-username="${sub.username}"]`);
      await row.getByTestId('proxy-list-link-open').click();
      const dialog = page.getByTestId('proxy-list-link-dialog');
      await expect(dialog).toContainText(c.texts.title);
      await expect(dialog.getByTestId('proxy-list-link-none')).toHaveText(c.texts.none);
      await expect(dialog.getByTestId('proxy-list-link-settings')).toContainText('3');
      await dialog.getByTestId(`proxy-list-link-format-${c.format}`).click();
      await dialog.getByTestId('proxy-list-link-create').click();
      const urlField = dialog.getByTestId('proxy-list-link-url');
      await expect(urlField).toHaveValue(new RegExp(`/proxy-list/pl_[A-Za-z0-9_-]{43}\\.${c.format}$`));
      await expect(dialog.getByTestId('proxy-list-link-current')).toContainText(c.format.toUpperCase());
      await expectWcagClean(page);
      const url = await urlField.inputValue();

      const res = await page.request.get(url);
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('no-store');
      const lines =
        c.format === 'txt'
          ? (await res.text()).trimEnd().split('\r\n')
          : ((await res.json()) as { proxies: { line: string }[] }).proxies.map((p) => p.line);
      expect(lines).toHaveLength(3);
      for (const line of lines) {
        expect(line).toMatch(new RegExp(`^[a-z0-9.-]+:\\d+:${sub.username}-zone-resi-region-any:${sub.password}$`));
      }

      await dialog.getByTestId('proxy-list-link-revoke').click();
      await dialog.getByTestId('proxy-list-link-confirm-yes').click();
      await expect(page.getByText(c.texts.revoked)).toBeVisible();
      await expect(dialog.getByTestId('proxy-list-link-none')).toBeVisible();
      await expect(urlField).toHaveCount(0);
      expect((await page.request.get(url)).status()).toBe(404);
      await context.close();
    });
  }
});
