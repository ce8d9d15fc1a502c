import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

test.describe('proxy credentials', () => {
  test('a certified user with traffic generates 10 sticky lines for a city, copies and downloads (English)', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await signIn(page, 5 * 1024);
    const cert = await page.request.post('/app-api/ip/member-user-personal-info/create', {
      headers: { authorization: `Bearer ${user.token}` },
      // A number of its own: one ID card certifies at most 3 accounts (the certification journey uses 11010519491231002X).
      data: { realName: '张三', idCard: '110101199001010074' },
    });
    expect((await cert.json()).code).toBe(0);

    await page.goto('/en/admin/account-password-auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proxy credentials');
    await expect(page.getByTestId('certification-notice')).toHaveCount(0);
    await expect(page.getByTestId('out-of-traffic-notice')).toHaveCount(0);
    const main = page.getByTestId('proxy-account-row').first();
    const account = (await main.getAttribute('data-username')) as string;

    await page.getByTestId('gen-country').selectOption('US');
    await page.getByTestId('gen-state').selectOption('california');
    await page.getByTestId('gen-city').selectOption('losangeles');
    await page.getByTestId('gen-session-sticky').click();
    await page.getByTestId('gen-minutes').fill('31');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-minutes-error')).toHaveText('Enter a whole number of minutes from 3 to 30');
    await page.getByTestId('gen-minutes').fill('20');
    await page.getByTestId('gen-count').fill('10');
    await page.getByTestId('gen-submit').click();

    const output = await page.getByTestId('gen-output').inputValue();
    const lines = output.split('\n');
    expect(lines).toHaveLength(10);
    const ids = new Set<string>();
    for (const line of lines) {
      const m = new RegExp(`^[\\w.-]+:\\d+:(${account}-zone-resi-region-US_california_losangeles-sid-(\\d{8})-t-20):\\S+$`).exec(
        line,
      );
      expect(m, line).not.toBeNull();
      ids.add((m as RegExpExecArray)[2] as string);
    }
    expect(ids.size).toBe(10);
    await expect(page.getByTestId('gen-curl')).toContainText('curl -x http://');
    await new AxeBuilder({ page }).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));

    await page.getByTestId('gen-copy').click();
    await expect(page.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(output);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gen-download-txt').click()]);
    expect(download.suggestedFilename()).toMatch(/^proxies-\d{8}\.txt$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    expect(text.trim().split(/\r?\n/)).toEqual(lines);

    // The CSV: a header, then one row per generated line with the same host, port, username and password.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gen-download-csv').click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^proxies-\d{8}\.csv$/);
    const csv = await readFile((await csvDownload.path()) as string, 'utf8');
    // A byte order mark first, so spreadsheet programs read it as UTF-8.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = csv.slice(1, -2).split('\r\n');
    expect(header).toBe('host,port,username,password,protocol');
    expect(rows).toEqual(
      lines.map((line) => {
        const [host, port, username, password] = line.split(':');
        return [host, port, username, password, 'http'].join(',');
      }),
    );

    // The proxy network accepts the generated line with this password.
    const [, , username, password] = lines[0]?.split(':') ?? [];
    const verify = await page.request.post('/app-api/proxy-network/verify', {
      headers: { 'x-api-key': 'e2e-proxy-network-key-0123456789abcdef' },
      data: { username, password },
    });
    expect((await verify.json()).data).toMatchObject({ allowed: true, reason: 'ok' });
  });

  test('an uncertified user without traffic is told to certify and to buy traffic (Chinese)', async ({ page }) => {
    await signIn(page, 0);
    await page.goto('/admin/account-password-auth');
    await expect(page.getByTestId('certification-notice')).toBeVisible();
    await expect(page.getByTestId('first-purchase-card')).toContainText('购买首个流量套餐');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-blocked')).toBeVisible();
    await page.getByTestId('certification-notice').getByRole('link').click();
    await expect(page).toHaveURL(/\/admin\/auth\?redirect=%2Fadmin%2Faccount-password-auth$/);
  });
});
