import { expect, type Page } from '@playwright/test';
import { untilInteractive } from './portal.ts';

// Browsers as buyers hold them: Safari on an iPhone, WeChat's own browser on an iPhone.
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } as const;

/** The sandbox cashier playing the provider's phone page (never its QR code page). */
export async function expectH5Cashier(page: Page, channel: 'wx_h5' | 'alipay_wap') {
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await expect(page.locator('.provider-kind')).toHaveText(
    channel === 'wx_h5' ? /^(H5 支付|H5 payment)$/ : /^(手机网站支付|Mobile website payment)$/,
  );
  await expect(page.locator('figure.qr')).toHaveCount(0);
}

/** The payment step offers the phone channels only: nothing to scan. */
export async function expectPhoneChannels(page: Page) {
  await expect(page.getByTestId('channel-wx_h5')).toBeVisible();
  await expect(page.getByTestId('channel-alipay_wap')).toBeVisible();
  await expect(page.getByTestId('channel-wx_native')).toHaveCount(0);
  await expect(page.getByTestId('channel-alipay_pc')).toHaveCount(0);
}

export async function choosePackage(page: Page, traffic: string) {
  await untilInteractive(page);
  await page.getByTestId('package-card').filter({ hasText: traffic }).first().click();
  await page.getByTestId('buy-now').click();
}

/** Picks the first region with stock and the first duration of the open tab, one IP, and buys. */
export async function buyOneStaticIp(page: Page) {
  await page.locator('[data-testid="static-region"]:not([data-available="0"])').first().click();
  await page.getByTestId('static-duration').first().click();
  await page.getByTestId('static-count').fill('1');
  await page.getByTestId('static-buy').click();
  await expect(page.getByTestId('static-pay-dialog')).toBeVisible();
}
