import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Picks the first region with stock and the first duration of the open tab, then `count` IPs. */
async function chooseAndBuy(page: Page, count: number) {
  await page.locator('[data-testid="static-region"]:not([data-available="0"])').first().click();
  await page.getByTestId('static-duration').first().click();
  await page.getByTestId('static-count').fill(String(count));
  await page.getByTestId('static-buy').click();
  await expect(page.getByTestId('static-pay-dialog')).toBeVisible();
}

/** Pays the open pay dialog through the sandbox cashier and waits until the order is done. */
async function payWithAlipay(page: Page) {
  await page.getByTestId('channel-alipay_pc').click();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByTestId('sandbox-pay').click();
  await expect(page).toHaveURL(/\/admin\/static\/list\?order=\d+$/);
  await expect(page.getByTestId('static-order-banner')).toBeVisible();
}

async function ipRows(page: Page, prefix: string) {
  await page.goto(`${prefix}/admin/static/management`);
  await expect(page.getByTestId('static-ip-row').first()).toBeVisible();
  return page.getByTestId('static-ip-row');
}

test.describe('static IPs', () => {
  // Each journey goes through the sandbox cashier two or three times.
  test.describe.configure({ timeout: 120_000 });

  test('buys data-centre and static ISP IPs, lists them with credentials, copies and counts down (Chinese)', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.goto('/admin/static/buy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAxeClean(page);

    await page.getByTestId('static-type-tab-1').click();
    await chooseAndBuy(page, 2);
    await payWithAlipay(page);

    await page.goto('/admin/static/buy?type=2');
    await chooseAndBuy(page, 1);
    await payWithAlipay(page);

    const rows = await ipRows(page, '');
    await expect(rows).toHaveCount(3);
    // At 1280 px the table fits beside the menu: nothing to scroll sideways (the rest is in each row's details).
    expect(page.viewportSize()?.width).toBe(1280);
    const region = page.getByTestId('static-ip-table').locator('xpath=..');
    const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const first = rows.first();
    const host = (await first.getAttribute('data-host')) as string;
    expect(host).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    // The status is in the row's details (the row after it); the countdown in the row itself.
    await expect(first.locator('xpath=following-sibling::tr[1]').getByTestId('ip-status')).toHaveText('正常');
    // A live countdown in days, hours, minutes and seconds.
    const countdown = first.getByTestId('ip-countdown');
    const before = await countdown.textContent();
    // The Chinese page counts down in Chinese (29天23小时59分56秒), never 29d 23h 59m 56s.
    expect(before).toMatch(/^\d+天\d+小时\d+分\d+秒$/);
    await expect(countdown).not.toHaveText(before as string, { timeout: 3000 });
    // It ticks down, still in Chinese: the live countdown never switches to the English form.
    const after = await countdown.textContent();
    expect(after).toMatch(/^\d+天\d+小时\d+分\d+秒$/);
    expect(Number(await countdown.getAttribute('data-remaining-ms'))).toBeLessThan(30 * 86_400_000);
    await first.getByTestId('ip-copy').click();
    await expect(page.getByText('复制成功')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${host.replaceAll('.', '\\.')}:\\d+:\\w+:\\S+$`));
    await expectAxeClean(page);
  });

  test('buys native and domestic China IPs (English)', async ({ page }) => {
    await signIn(page);
    for (const type of [3, 12]) {
      await test.step(`type ${type}: buy and pay by WeChat QR`, async () => {
        await page.goto(`/en/admin/static/buy?type=${type}`);
        await chooseAndBuy(page, 1);
        await page.getByTestId('channel-wx_native').click();
        await page.getByTestId('pay-button').click();
        const qr = page.getByTestId('qr-image');
        await expect(qr).toBeVisible();
        const cashier = await page.context().newPage();
        await cashier.goto((await qr.getAttribute('data-code-url')) as string);
        await cashier.getByTestId('sandbox-pay').click();
        // The cashier confirms the payment (in the page's language).
        await expect(cashier.locator('#message-title')).toHaveText(/Payment complete|支付成功/);
        await cashier.close();
        await expect(page).toHaveURL(/\/en\/admin\/static\/management/, { timeout: 15_000 });
      });
    }
    const rows = await ipRows(page, '/en');
    await expect(rows).toHaveCount(2);
    await expect(rows.first().locator('xpath=following-sibling::tr[1]').getByTestId('ip-status')).toHaveText('Active');
  });

  test('renews one IP, exchanges one, edits a remark (English)', async ({ page }) => {
    await signIn(page);
    await page.goto('/en/admin/static/buy?type=2');
    await chooseAndBuy(page, 2);
    await payWithAlipay(page);

    // Remark on the order.
    const order = page.getByTestId('static-order-row').first();
    await order.getByTestId('static-remark-edit').click();
    await page.getByTestId('static-remark-input').fill('Shop accounts');
    await page.getByTestId('static-remark-save').click();
    await expect(order).toContainText('Shop accounts');

    // Renewal moves the expiry.
    let rows = await ipRows(page, '/en');
    // The expiry is in the row's details (the table fits at 1280 px): the row after it.
    const details = (row: Locator) => row.locator('xpath=following-sibling::tr[1]');
    const expiryOf = async (i: number) => (await details(rows.nth(i)).getByTestId('ip-expire').textContent()) as string;
    const oldExpiry = await expiryOf(0);
    const renewedId = await rows.nth(0).getAttribute('data-ip-id');
    await rows.nth(0).getByTestId('ip-select').check();
    await page.getByTestId('ip-renew').click();
    await expect(page.getByTestId('renew-dialog')).toBeVisible();
    await page.getByTestId('renew-duration').first().click();
    await page.getByTestId('renew-confirm').click();
    await payWithAlipay(page);
    rows = await ipRows(page, '/en');
    const renewed = page.locator(`[data-testid="static-ip-row"][data-ip-id="${renewedId}"]`);
    await expect(details(renewed).getByTestId('ip-expire')).not.toHaveText(oldExpiry);

    // Exchange (the IP not renewed): choosing no region says so; then a fresh IP, same account.
    const row = page.locator(`[data-testid="static-ip-row"]:not([data-ip-id="${renewedId}"])`).first();
    const oldHost = await row.getAttribute('data-host');
    const account = await row.getByTestId('ip-account').textContent();
    await row.getByTestId('ip-select').check();
    await page.getByTestId('ip-exchange').click();
    await expect(page.getByTestId('exchange-dialog')).toBeVisible();
    await page.getByTestId('exchange-next').click();
    await expect(page.getByTestId('exchange-error')).toHaveText('Choose a region');
    await page.getByTestId('exchange-region').first().click();
    // A review names the new region before anything changes; the new host:port shows afterwards.
    await page.getByTestId('exchange-next').click();
    await expect(page.getByTestId('exchange-review')).toContainText('New region');
    await page.getByTestId('exchange-confirm').click();
    await expect(page.getByTestId('exchange-new-host')).toBeVisible();
    await expect(page.getByTestId('exchange-new-host')).not.toContainText(`${oldHost}:`);
    await page.getByTestId('exchange-done').click();
    await expect(page.getByTestId('exchange-dialog')).toBeHidden();
    const id = await row.getAttribute('data-ip-id');
    const after = page.locator(`[data-testid="static-ip-row"][data-ip-id="${id}"]`);
    await expect(after).not.toHaveAttribute('data-host', oldHost as string);
    await expect(after.getByTestId('ip-account')).toHaveText(account as string);
  });

  test("says 'No replaceable region' when no region can take the IPs (Chinese)", async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/static/buy?type=1');
    await chooseAndBuy(page, 1);
    await payWithAlipay(page);
    const rows = await ipRows(page, '');
    // Every seeded region has stock, so the server's empty answer (covered by the server tests) is
    // played here: this checks what the page says when it gets one.
    await page.route('**/static-order-item-exchange/getExchangeNode**', (route) =>
      route.fulfill({ json: { code: 0, data: [], msg: '' } }),
    );
    await rows.first().getByTestId('ip-select').check();
    await page.getByTestId('ip-exchange').click();
    await expect(page.getByTestId('exchange-dialog')).toContainText('无可更换地区');
  });
});
