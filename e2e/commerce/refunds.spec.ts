import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { choosePackage, expectH5Cashier, IPHONE_UA, PHONE } from '../support/phone.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

// Decision 0058: a buyer refunds a traffic package within the policy from the order list; the
// money goes back through the payment's gateway (the sandbox here), the package's traffic is gone,
// and the order says "Refunded" with the amount.
const LANGS = [
  { name: 'English, desktop', prefix: '/en', refunded: /^Refunded ¥/, request: 'Request refund', policy: 'within 3 days' },
  { name: 'Chinese, on a phone', prefix: '', refunded: /^已退款 ¥/, request: '申请退款', policy: '3 天内' },
] as const;

async function trafficMb(page: Page, token: string): Promise<number> {
  const res = await page.request.get('/app-api/ip/member-user/get', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { limitBalance: number } }).data.limitBalance;
}

for (const lang of LANGS) {
  test.describe(lang.name, () => {
    if (lang.prefix === '') test.use({ ...PHONE, userAgent: IPHONE_UA });

    test(`a buyer refunds a package within the policy; the traffic is gone and the order says Refunded (${lang.name})`, async ({
      page,
    }) => {
      const user = await signIn(page, 0);
      await page.goto(`${lang.prefix}/buy`);
      await choosePackage(page, '5 GB');
      const channel = lang.prefix === '' ? 'alipay_wap' : 'alipay_pc';
      await page.getByTestId(`channel-${channel}`).click();
      await page.getByTestId('pay-button').click();
      if (channel === 'alipay_wap') await expectH5Cashier(page, channel);
      else await expect(page).toHaveURL(/\/sandbox\/cashier\//);
      await page.getByTestId('sandbox-pay').click();
      await expect(page.getByTestId('paid-balance')).toHaveText('5 GB');
      expect(await trafficMb(page, user.token)).toBe(5 * 1024);

      await page.goto(`${lang.prefix}/admin/dynamic/list`);
      const row = page.getByTestId('order-row').first();
      await row.getByTestId('order-refund').click();
      const dialog = page.getByTestId('order-refund-dialog');
      await expect(dialog).toContainText(lang.policy);
      await expectWcagClean(page, `refund dialog (${lang.name})`);
      await dialog.getByRole('button', { name: /¥/ }).click();
      await expect(dialog).toBeHidden();

      // The traffic goes at once; the sandbox gateway settles the refund right after.
      expect(await trafficMb(page, user.token)).toBe(0);
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('order-row').first().getByTestId('order-refund-status')).toHaveText(lang.refunded, {
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByTestId('order-row').first().getByRole('button', { name: lang.request })).toHaveCount(0);
    });
  });
}
