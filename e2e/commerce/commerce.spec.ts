import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { serverEnv } from '../playwright.config.ts';
import { createUser, logIn, signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const GB = 1024;

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/app-api/ip/member-user/get', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.limitBalance;
}

async function userIdOf(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/app-api/ip/member-user/get', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.id;
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Picks the package with `traffic` on it ("50 GB") and continues. */
async function choosePackage(page: Page, traffic: string) {
  await page.getByTestId('package-card').filter({ hasText: traffic }).first().click();
  await page.getByTestId('buy-now').click();
}

test.describe('dynamic residential commerce', () => {
  test('buys a package and pays with Alipay in the sandbox cashier (Chinese)', async ({ page }) => {
    const user = await signIn(page, 0);
    await page.goto('/buy');
    await expect(page.getByRole('heading', { name: '购买流量套餐' })).toBeVisible();
    await expect(page.getByTestId('package-card')).toHaveCount(6);
    await expectAxeClean(page);
    await choosePackage(page, '50 GB');
    await expect(page).toHaveURL(/\/order\?package=\d+$/);
    await expect(page.getByTestId('summary-total')).toHaveText('¥1,000.00');
    // Enterprise adds the 6% invoice fee; the server charges exactly what the page shows.
    await page.getByTestId('account-type-1').click();
    await expect(page.getByTestId('summary-fee')).toHaveText('¥60.00');
    await expect(page.getByTestId('summary-total')).toHaveText('¥1,060.00');
    await page.getByTestId('account-type-0').click();
    await expect(page.getByTestId('summary-total')).toHaveText('¥1,000.00');
    await expectAxeClean(page);

    await page.getByTestId('channel-alipay_pc').click();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\//);
    await expect(page.getByText('支付宝').first()).toBeVisible();
    await expect(page.getByText('¥1000.00').or(page.getByText('¥1,000.00')).first()).toBeVisible();
    await page.getByTestId('sandbox-pay').click();

    await expect(page).toHaveURL(/\/order\?id=\d+$/);
    await expect(page.getByTestId('paid-view')).toBeVisible();
    await expect(page.getByTestId('paid-balance')).toHaveText('55 GB');
    expect(await balanceOf(page.request, user.token)).toBe(55 * GB);

    await page.getByRole('link', { name: '查看订单' }).click();
    await expect(page).toHaveURL(/\/admin\/dynamic\/list$/);
    const row = page.getByTestId('order-row').first();
    await expect(row).toContainText('已完成');
    await expect(row).toContainText('已支付');
    // How it was paid is in the row's details (the row after it).
    await expect(row.locator('xpath=following-sibling::tr[1]')).toContainText('支付宝');
    await expectAxeClean(page);
  });

  test('pays a custom amount by WeChat QR code, the page sees it paid (English)', async ({ page, context }) => {
    const user = await signIn(page, 1024);
    await page.goto('/en/admin/dynamic/buy');
    await page.getByTestId('package-custom').click();
    await page.getByTestId('custom-gb').fill('0');
    await expect(page.getByText('Enter a whole number of GB from 1 to 10000')).toBeVisible();
    await expect(page.getByTestId('buy-now')).toBeDisabled();
    await page.getByTestId('custom-gb').fill('60');
    // 60 GB reaches the 50 GB tier: ¥25/GB.
    await expect(page.getByTestId('buy-summary')).toContainText('¥1,500.00');
    await page.getByTestId('buy-now').click();
    await expect(page).toHaveURL(/\/en\/order\?gb=60$/);
    await expect(page.getByTestId('summary-total')).toHaveText('¥1,500.00');
    await page.getByTestId('channel-wx_native').click();
    await page.getByTestId('pay-button').click();

    const qr = page.getByTestId('qr-image');
    await expect(qr).toBeVisible();
    await expect(page).toHaveURL(/\/en\/order\?id=\d+$/);
    await expectAxeClean(page);
    // The phone that scans the code: the sandbox cashier in another page.
    const codeUrl = (await qr.getAttribute('data-code-url')) as string;
    const phone = await context.newPage();
    await phone.goto(codeUrl);
    await phone.getByTestId('sandbox-pay').click();
    await expect(phone.getByText(/Payment complete|支付成功/)).toBeVisible();
    await phone.close();

    await expect(page.getByTestId('paid-view')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('paid-balance')).toHaveText('61 GB');
    expect(await balanceOf(page.request, user.token)).toBe(61 * GB);

    await page.goto('/en/admin/dynamic/list');
    const row = page.getByTestId('order-row').first();
    await expect(row).toContainText('Completed');
    await expect(row.locator('xpath=following-sibling::tr[1]')).toContainText('WeChat Pay');
    await expect(row).toContainText('60 GB');
  });

  test('leads a visitor through login to the order page and back', async ({ page }) => {
    const user = createUser(0);
    await page.goto('/buy');
    await choosePackage(page, '5 GB');
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, user);
    await expect(page).toHaveURL(/\/order\?package=\d+$/);
    await expect(page.getByTestId('summary-total')).toHaveText('¥125.00');
  });
});

test.describe('phone checkout (H5)', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('pays with Alipay on the phone and lands on success (Chinese)', async ({ page }) => {
    const user = await signIn(page, 0);
    await page.goto('/h5');
    await choosePackage(page, '20 GB');
    await expect(page).toHaveURL(/\/h5\/pay\?package=\d+$/);
    await expect(page.getByTestId('channel-alipay_wap')).toBeVisible();
    await expect(page.getByTestId('channel-alipay_pc')).toHaveCount(0);
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\//);
    // The provider sends the phone back to /h5/result. Its status answer is held so that what the
    // buyer reads there can be checked before the page moves on (nothing in the answer changes).
    let answerStatus = () => {};
    const held = new Promise<void>((resolve) => {
      answerStatus = resolve;
    });
    await page.route('**/app-api/ip/recharge-order/getStatus/*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('sandbox-pay').click();
    await expect(page).toHaveURL(/\/h5\/result\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('支付结果');
    await expect(page.getByTestId('h5-result')).toHaveText('正在确认支付结果…');
    await expectAxeClean(page);
    answerStatus();
    // The payment has arrived: the result page hands over to the success page.
    await expect(page).toHaveURL(/\/h5\/success\?id=\d+$/);
    await expect(page.getByTestId('paid-balance')).toHaveText('21 GB');
    expect(await balanceOf(page.request, user.token)).toBe(21 * GB);
    await expectAxeClean(page);
  });

  test('a payment given up ends on the fail page with a way to retry (English)', async ({ page }) => {
    const user = await signIn(page, 0);
    await page.goto('/en/h5');
    await choosePackage(page, '5 GB');
    await page.getByTestId('channel-wx_h5').click();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\//);
    await page.getByTestId('sandbox-fail').click();
    await expect(page).toHaveURL(/\/en\/h5\/fail\?id=\d+$/);
    await expect(page.getByText('The payment was not completed.')).toBeVisible();
    await expectAxeClean(page);
    await page.getByTestId('h5-retry').click();
    await expect(page).toHaveURL(/\/en\/h5\/pay\?id=\d+$/);
    await expect(page.getByTestId('summary-total')).toHaveText('¥125.00');
    expect(await balanceOf(page.request, user.token)).toBe(0);
  });
});

test.describe('usage, deductions and the dashboard', () => {
  test('usage from the proxy network lowers the balance and shows on the dashboard and records', async ({ page }) => {
    const user = await signIn(page, 10 * GB);
    const userId = await userIdOf(page.request, user.token);
    const usedAt = Date.now();
    const ingest = await page.request.post('/app-api/proxy-network/usage', {
      headers: { 'x-api-key': serverEnv.PROXY_NETWORK_API_KEY as string },
      data: {
        records: [
          { id: `e2e-${userId}-1`, userId, bytes: 1536 * 1024 * 1024, usedAt },
          { id: `e2e-${userId}-2`, userId, bytes: 512 * 1024 * 1024, usedAt },
        ],
      },
    });
    expect((await ingest.json()).data.applied).toBe(2);

    await page.goto('/en/admin/dashboard');
    await expect(page.getByTestId('dashboard-remaining')).toHaveText('8 GB');
    await expect(page.getByTestId('dashboard-total-consumption')).toHaveText('2 GB');
    await expect(page.getByTestId('dashboard-total-recharge')).toHaveText('0 MB');
    // The time zone is said beside the usage chart it applies to.
    await expect(page.getByTestId('dashboard-utc')).toHaveText('Statistics in UTC+0');
    await expect(page.getByTestId('dashboard-chart')).toBeVisible();
    await expectAxeClean(page);

    await page.goto('/admin/dynamic/records');
    const record = page.getByTestId('record-row').first();
    await expect(record).toContainText('2.00 GB');
    // The records list says its times are UTC+0, above the table.
    await expect(page.getByTestId('records-utc-note')).toHaveText('所有时间均为 UTC+0。');
    await expectAxeClean(page);
  });

  test('a member who never bought is welcomed with the packages, not told the traffic is used up (Chinese)', async ({ page }) => {
    await signIn(page, 0);
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('first-purchase-card')).toContainText('购买首个流量套餐');
    await expect(page.getByTestId('out-of-traffic-notice')).toHaveCount(0);
    await page.getByTestId('first-purchase-card').getByRole('link', { name: '查看套餐' }).click();
    await expect(page).toHaveURL(/\/admin\/dynamic\/buy$/);
  });
});
