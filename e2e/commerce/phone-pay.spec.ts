import { expectWcagClean } from '../support/axe.ts';
import {
  buyOneStaticIp,
  choosePackage,
  expectH5Cashier,
  expectPhoneChannels,
  IPHONE_UA,
  PHONE,
  WECHAT_UA,
} from '../support/phone.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const LANGS = [
  { prefix: '', name: 'Chinese', packages: '查看套餐', pay: '去支付' },
  { prefix: '/en', name: 'English', packages: 'See packages', pay: 'Pay now' },
] as const;

test.describe('paying on a phone never shows a code to scan', () => {
  test.use({ ...PHONE, userAgent: IPHONE_UA });
  test.describe.configure({ timeout: 120_000 });

  for (const lang of LANGS) {
    test(`recharges from the user centre with WeChat Pay and with Alipay through the H5 pages (${lang.name})`, async ({
      page,
    }) => {
      await signIn(page, 0);
      await page.goto(`${lang.prefix}/admin/dashboard`);
      await page.getByTestId('first-purchase-card').getByRole('link', { name: lang.packages }).click();
      await expect(page).toHaveURL(new RegExp(`^[^?]*${lang.prefix}/admin/dynamic/buy$`));

      await test.step('WeChat Pay: the H5 page, paid, back on the result and success pages', async () => {
        await choosePackage(page, '5 GB');
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/pay\\?package=\\d+$`));
        await expectPhoneChannels(page);
        await page.getByTestId('channel-wx_h5').click();
        await page.getByTestId('pay-button').click();
        await expectH5Cashier(page, 'wx_h5');
        await page.getByTestId('sandbox-pay').click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/success\\?id=\\d+$`));
        await expect(page.getByTestId('paid-balance')).toHaveText('5 GB');
      });

      await test.step('Alipay: an order left unpaid, paid later from the order list on the phone', async () => {
        await page.goto(`${lang.prefix}/admin/dynamic/buy`);
        await choosePackage(page, '20 GB');
        await page.getByTestId('channel-alipay_wap').click();
        await page.getByTestId('pay-button').click();
        await expectH5Cashier(page, 'alipay_wap');
        await page.getByTestId('sandbox-fail').click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/fail\\?id=\\d+$`));

        await page.goto(`${lang.prefix}/admin/dynamic/list`);
        await page.getByTestId('order-row').first().getByRole('link', { name: lang.pay, exact: true }).click();
        // The order page of a desktop hands a phone over to the phone's own payment page.
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/pay\\?id=\\d+$`));
        await expectPhoneChannels(page);
        await expect(page.getByTestId('qr-image')).toHaveCount(0);
        await page.getByTestId('channel-alipay_wap').click();
        await page.getByTestId('pay-button').click();
        await expectH5Cashier(page, 'alipay_wap');
        await page.getByTestId('sandbox-pay').click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/success\\?id=\\d+$`));
        // 5 GB, then 20 GB with its 1 GB gift.
        await expect(page.getByTestId('paid-balance')).toHaveText('26 GB');
      });
    });

    test(`buys a static IP and renews it from IP management through the H5 pages (${lang.name})`, async ({ page }) => {
      await signIn(page);
      await test.step('purchase with WeChat Pay', async () => {
        await page.goto(`${lang.prefix}/admin/static/buy?type=2`);
        await buyOneStaticIp(page);
        await expectPhoneChannels(page);
        await page.getByTestId('channel-wx_h5').click();
        await page.getByTestId('pay-button').click();
        await expectH5Cashier(page, 'wx_h5');
        await page.getByTestId('sandbox-pay').click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/admin/static/list\\?order=\\d+$`));
        await expect(page.getByTestId('static-order-banner')).toHaveAttribute('data-state', 'paid');
      });

      await test.step('renewal with Alipay', async () => {
        await page.goto(`${lang.prefix}/admin/static/management`);
        const row = page.getByTestId('static-ip-row').first();
        await row.getByTestId('ip-select').check();
        await page.getByTestId('ip-renew').click();
        await page.getByTestId('renew-duration').first().click();
        await page.getByTestId('renew-confirm').click();
        await expect(page.getByTestId('static-pay-dialog')).toBeVisible();
        await expectPhoneChannels(page);
        await page.getByTestId('channel-alipay_wap').click();
        await page.getByTestId('pay-button').click();
        await expectH5Cashier(page, 'alipay_wap');
        await page.getByTestId('sandbox-pay').click();
        await expect(page).toHaveURL(new RegExp(`${lang.prefix}/admin/static/list\\?order=\\d+$`));
        await expect(page.getByTestId('static-order-banner')).toHaveAttribute('data-state', 'paid');
      });
    });
  }
});

test.describe("inside WeChat's own browser", () => {
  test.use({ ...PHONE, userAgent: WECHAT_UA });

  for (const lang of [
    { ...LANGS[0], blocked: '支付宝', step: '右上角' },
    { ...LANGS[1], blocked: 'Alipay', step: 'top right' },
  ]) {
    test(`Alipay explains how to open the page in the phone's browser; WeChat Pay goes on (${lang.name})`, async ({ page }) => {
      await signIn(page, 0);
      await page.goto(`${lang.prefix}/h5`);
      await choosePackage(page, '5 GB');
      await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/pay\\?package=\\d+$`));
      // WeChat Pay is the way that opens here: offered first and chosen.
      await expect(page.getByTestId('channel-wx_h5').locator('input')).toBeChecked();

      await page.getByTestId('channel-alipay_wap').click();
      const notice = page.getByTestId('in-app-notice');
      await expect(notice).toContainText(lang.blocked);
      await page.getByTestId('pay-button').click();
      // Nothing is paid from here: the guide shows how to leave WeChat.
      const guide = page.getByTestId('open-in-browser-guide');
      await expect(guide).toBeVisible();
      await expect(guide).toContainText(lang.step);
      await expect(page).toHaveURL(new RegExp(`${lang.prefix}/h5/pay\\?package=\\d+$`));
      await expectWcagClean(page, 'open-in-browser guide');
      await guide.getByTestId('open-in-browser-close').click();
      await expect(guide).toBeHidden();

      await page.getByTestId('channel-wx_h5').click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByTestId('wechat-h5-note')).toBeVisible();
      await page.getByTestId('pay-button').click();
      await expectH5Cashier(page, 'wx_h5');
    });
  }
});

test.describe('a desktop keeps the QR code and the Alipay page', () => {
  test('recharge and static IP payment offer the PC channels (Chinese)', async ({ page }) => {
    await signIn(page, 0);
    await page.goto('/admin/dynamic/buy');
    await choosePackage(page, '5 GB');
    await expect(page).toHaveURL(/\/order\?package=\d+$/);
    await expect(page.getByTestId('channel-alipay_pc')).toBeVisible();
    await expect(page.getByTestId('channel-wx_h5')).toHaveCount(0);
    await page.getByTestId('channel-wx_native').click();
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('qr-image')).toBeVisible();

    await page.goto('/admin/static/buy?type=2');
    await buyOneStaticIp(page);
    await expect(page.getByTestId('channel-alipay_pc')).toBeVisible();
    await expect(page.getByTestId('channel-wx_native')).toBeVisible();
    await expect(page.getByTestId('channel-alipay_wap')).toHaveCount(0);
  });
});
