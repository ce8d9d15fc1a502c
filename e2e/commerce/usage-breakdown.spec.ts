import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { PHONE } from '../support/phone.ts';
import { type ReportedUsage, reportUsage, userIdOf } from '../support/network.ts';
import { signIn, uniqueDigits } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const MIB = 1024 * 1024;

/** Usage of proxy accounts, with the target domain and exit country, all applied. */
async function reportAll(request: APIRequestContext, userId: number, usage: ReportedUsage[]) {
  expect(await reportUsage(request, userId, usage)).toMatchObject({ applied: usage.length });
}

async function createSubAccount(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.post('/app-api/ip/proxy-account/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { name },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.username as string;
}

const cases = [
  {
    lang: 'English',
    prefix: '/en',
    phone: false,
    texts: { csvHeader: 'Start (UTC+0),Sub-account,Bytes,Traffic (MB),Requests,Failed requests', total: 'Total' },
  },
  {
    lang: 'Chinese, on a phone',
    prefix: '',
    phone: true,
    texts: { csvHeader: '开始时间（UTC+0）,子账号,字节数,流量（MB）,请求数,失败请求数', total: '合计' },
  },
] as const;

test.describe('the usage breakdown', () => {
  for (const c of cases) {
    test(`shows usage by sub-account and by domain, and downloads it as CSV (${c.lang})`, async ({ browser }) => {
      test.slow(); // two sub-accounts, a usage report, three views, a download and axe
      const context = await browser.newContext(c.phone ? PHONE : {});
      const page = await context.newPage();
      const user = await signIn(page, 10 * 1024);
      const userId = await userIdOf(page.request, user.token);
      const stamp = uniqueDigits(7);
      const first = await createSubAccount(page.request, user.token, `ua${stamp}`);
      const second = await createSubAccount(page.request, user.token, `ub${stamp}`);
      await reportAll(page.request, userId, [
        { username: first, host: 'shop-a.example', mb: 300, requests: 120, failedRequests: 6 },
        { username: second, host: 'shop-b.example', mb: 200, requests: 80, failedRequests: 0 },
      ]);

      // From the dashboard's usage card.
      await page.goto(`${c.prefix}/admin/dashboard`);
      await page.getByTestId('dashboard-usage-breakdown').click();
      await expect(page).toHaveURL(new RegExp(`${c.prefix}/admin/usage$`));
      await expect(page.getByTestId('usage-total-traffic')).toHaveText('500 MB');
      await expect(page.getByTestId('usage-chart')).toBeVisible();

      // By sub-account: both, with their traffic; the choice is kept in the URL.
      await page.getByTestId('usage-group-by').selectOption('subAccount');
      await expect(page).toHaveURL(/groupBy=subAccount/);
      const row = (key: string) => page.locator(`[data-testid="usage-group-row"][data-key="${key}"]`);
      await expect(row(first)).toContainText('300 MB');
      await expect(row(first)).toContainText('5%');
      await expect(row(second)).toContainText('200 MB');
      await expect(page.getByTestId('usage-total-row')).toContainText(c.texts.total);
      await expect(page.getByTestId('usage-legend')).toContainText(first);
      await expectWcagClean(page);

      // The CSV of what is shown, named after the days, with both sub-accounts.
      const download = page.waitForEvent('download');
      await page.getByTestId('usage-download').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^usage-\d{8}-\d{8}\.csv$/);
      const csv = await readFile((await file.path()) as string, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
      expect(lines[0]).toBe(c.texts.csvHeader);
      const today = new Date().toISOString().slice(0, 10);
      expect(csv).toContain(`${today},${first},${300 * MIB},300,120,6`);
      expect(csv).toContain(`${today},${second},${200 * MIB},200,80,0`);

      // A reload keeps the split; by domain, both domains.
      await page.reload();
      await expect(page.getByTestId('usage-group-by')).toHaveValue('subAccount');
      await page.getByTestId('usage-group-by').selectOption('domain');
      await expect(row('shop-a.example')).toContainText('300 MB');
      await expect(row('shop-b.example')).toContainText('200 MB');

      // Hours are refused beyond 31 days, with the reason.
      await page.getByTestId('usage-range').selectOption('90d');
      await expect(page.getByTestId('usage-granularity-hint')).toBeVisible();
      await expect(page.getByTestId('usage-granularity').locator('option[value="hour"]')).toBeDisabled();
      await expectWcagClean(page);
      await context.close();
    });
  }
});
