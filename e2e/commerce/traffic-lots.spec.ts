import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { serverEnv } from '../playwright.config.ts';
import { expectWcagClean as expectAxeClean } from '../support/axe.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const GIB = 1024 * 1024 * 1024;

const LANGUAGES = [
  {
    name: 'English',
    prefix: '/en',
    notice: 'Traffic expiring soon',
    granted: 'Granted by support',
    order: 'Order ',
    updated: 'Usage data last updated',
    csvHeader: 'Date (UTC+0),Usage,Usage (MB)',
  },
  {
    name: 'Chinese',
    prefix: '',
    notice: '流量即将到期',
    granted: '客服赠送',
    order: '订单 ',
    updated: '用量数据更新于',
    csvHeader: '日期（UTC+0）,用量,用量（MB）',
  },
] as const;

/** Buys the package with `traffic` on its card and pays it in the sandbox cashier. */
async function buyPackage(page: Page, prefix: string, traffic: string) {
  await page.goto(`${prefix}/buy`);
  await page.getByTestId('package-card').filter({ hasText: traffic }).first().click();
  await page.getByTestId('buy-now').click();
  await page.getByTestId('channel-alipay_pc').click();
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\//);
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('paid-view')).toBeVisible();
}

const lotRows = (page: Page) => page.getByTestId('traffic-lot');

// One member's lots, read in both languages: the code path is the same, the words differ (the two
// journeys it replaced bought the same packages twice, issue 41).
test('traffic lots drain in expiry order, with the expiry notice, in both languages', async ({ page }) => {
  const [en, zh] = LANGUAGES;
  // 1 GB from support that expires in 3 days, then two packages: 5 GB (30 days), 20 GB + 1 GB (60 days).
  const user = await signIn(page, 1024, 3);
  await buyPackage(page, en.prefix, '5 GB');
  await buyPackage(page, zh.prefix, '20 GB');

  for (const lang of [en, zh]) {
    await page.goto(`${lang.prefix}/admin/dashboard`);
    await expect(page.getByTestId('dashboard-remaining')).toHaveText('27 GB');
    await expect(lotRows(page)).toHaveCount(3);
    await expect(lotRows(page).nth(0)).toContainText(lang.granted);
    await expect(lotRows(page).nth(1)).toContainText('5 GB');
    await expect(lotRows(page).nth(2)).toContainText('21 GB');
    const notice = page.getByTestId('lot-expiry-notice');
    await expect(notice).toContainText(lang.notice);
    await expect(notice).toContainText('1 GB');
    await expect(page.getByTestId('dashboard-next-expiry')).toContainText('1 GB');
  }
  await expectAxeClean(page);

  // 3 GB of usage: the support lot (expiring first) pays 1 GB, the 5 GB package 2 GB.
  const me = await page.request.get('/app-api/ip/member-user/get', { headers: { authorization: `Bearer ${user.token}` } });
  const userId = (await me.json()).data.id as number;
  const usedAt = Date.now();
  const ingest = await page.request.post('/app-api/proxy-network/usage', {
    headers: { 'x-api-key': serverEnv.PROXY_NETWORK_API_KEY as string },
    data: { records: [{ id: `lots-${userId}`, userId, bytes: 3 * GIB, usedAt }] },
  });
  expect((await ingest.json()).data.applied).toBe(1);

  for (const lang of [en, zh]) {
    await page.goto(`${lang.prefix}/admin/dashboard`);
    await expect(page.getByTestId('dashboard-remaining')).toHaveText('24 GB');
    await expect(lotRows(page)).toHaveCount(2);
    await expect(lotRows(page).nth(0)).toHaveAttribute('data-remaining-mb', String(3 * 1024));
    await expect(lotRows(page).nth(1)).toHaveAttribute('data-remaining-mb', String(21 * 1024));
    // Nothing left expires within 7 days: no notice.
    await expect(page.getByTestId('lot-expiry-notice')).toHaveCount(0);
    await expect(page.getByTestId('usage-updated-at')).toContainText(lang.updated);

    // The daily usage as CSV, like the deduction records; the day is the one the usage was on (UTC).
    const download = page.waitForEvent('download');
    await page.getByTestId('daily-export').click();
    const csv = await readFile((await (await download).path()) as string, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(lang.csvHeader);
    expect(csv).toContain(`${new Date(usedAt).toISOString().slice(0, 10)},3 GB,3072`);

    await page.goto(`${lang.prefix}/admin/dynamic/records`);
    const paidFrom = page.getByTestId('record-paid-from').first();
    await expect(paidFrom.locator('[data-lot-id]')).toHaveCount(2);
    await expect(paidFrom.locator('[data-lot-id]').nth(0)).toContainText(lang.granted);
    await expect(paidFrom.locator('[data-lot-id]').nth(0)).toContainText('1 GB');
    await expect(paidFrom.locator('[data-lot-id]').nth(1)).toContainText(lang.order);
    await expect(paidFrom.locator('[data-lot-id]').nth(1)).toContainText('2 GB');
  }
  await expectAxeClean(page);
});
