import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const NETWORK_KEY = 'e2e-proxy-network-key-0123456789abcdef';

/** A certified user with traffic on the credentials page; the main proxy account's username. */
async function ready(page: Page, idCard: string, path: string): Promise<string> {
  const user = await signIn(page, 5 * 1024);
  // Certified, so the network says ok (one ID number certifies at most 3 accounts: each journey has its own).
  const cert = await page.request.post('/app-api/ip/member-user-personal-info/create', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { realName: '王五', idCard },
  });
  expect((await cert.json()).code).toBe(0);
  await page.goto(path);
  return (await page.getByTestId('proxy-account-row').first().getAttribute('data-username')) as string;
}

/** Generates, checks every line's username, and returns the first line's username and password. */
async function generate(page: Page, count: number, username: string): Promise<[string, string]> {
  await page.getByTestId('gen-count').fill(String(count));
  await page.getByTestId('gen-submit').click();
  const lines = (await page.getByTestId('gen-output').inputValue()).split('\n');
  expect(lines).toHaveLength(count);
  for (const line of lines) expect(line.split(':')[2]).toBe(username);
  const [, , user, password] = lines[0]?.split(':') ?? [];
  return [user as string, password as string];
}

async function verify(page: Page, username: string, password: string) {
  const res = await page.request.post('/app-api/proxy-network/verify', {
    headers: { 'x-api-key': NETWORK_KEY },
    data: { username, password },
  });
  return (await res.json()).data;
}

test.describe('postcode and ISP targeting', () => {
  test('a US ZIP code and an ISP in the generator, refused input explained, the network reports the target (English)', async ({
    page,
  }) => {
    const account = await ready(page, '110101199003070038', '/en/admin/account-password-auth');

    // A postcode alone fills in the United States; a ZIP that does not exist is refused.
    await page.getByTestId('gen-postcode').fill('1234');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-postcode-error')).toHaveText('Enter a US ZIP code that exists: 5 digits, e.g. 90210');
    await page.getByTestId('gen-postcode').fill('00000');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-postcode-error')).toBeVisible();
    await page.getByTestId('gen-postcode').fill('90210');
    const zip = `${account}-zone-resi-region-US-zip-90210`;
    const [zipUser, password] = await generate(page, 3, zip);
    await expect(page.getByTestId('gen-target')).toHaveText('Targeting of the first line: US · ZIP 90210');
    expect(await verify(page, zipUser, password)).toMatchObject({
      allowed: true,
      reason: 'ok',
      target: { region: 'US', postcode: '90210', isp: null, session: null },
    });

    // An ISP of the chosen country; not together with a postcode.
    await page.getByTestId('gen-country').selectOption('US');
    await expect(page.getByTestId('gen-isp').locator('option', { hasText: 'Comcast Xfinity (AS7922)' })).toHaveCount(1);
    await page.getByTestId('gen-isp').selectOption('7922');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-postcode-error')).toHaveText('Postcode and ISP cannot be combined: keep one of them');
    await page.getByTestId('gen-postcode').fill('');
    const isp = `${account}-zone-resi-region-US-asn-7922`;
    const [ispUser] = await generate(page, 2, isp);
    await expect(page.getByTestId('gen-target')).toHaveText('Targeting of the first line: US · ISP Comcast Xfinity (AS7922)');
    expect(await verify(page, ispUser, password)).toMatchObject({
      allowed: true,
      reason: 'ok',
      target: { region: 'US', postcode: null, isp: { asn: 7922, name: 'Comcast Xfinity' } },
    });
    await new AxeBuilder({ page }).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));

    // Another country's list replaces it.
    await page.getByTestId('gen-country').selectOption('DE');
    await expect(page.getByTestId('gen-isp')).toHaveValue('');
    await expect(page.getByTestId('gen-isp').locator('option', { hasText: 'AS7922' })).toHaveCount(0);
    await expect(page.getByTestId('gen-isp').locator('option', { hasText: 'Deutsche Telekom (AS3320)' })).toHaveCount(1);
  });

  test('邮编和运营商定位：生成、错误提示、代理网络返回定位（中文）', async ({ page }) => {
    const account = await ready(page, '110101198808120050', '/admin/account-password-auth');

    // A postcode with a state is refused with the reason; the postcode alone goes through.
    await page.getByTestId('gen-country').selectOption('US');
    await page.getByTestId('gen-state').selectOption('california');
    await page.getByTestId('gen-postcode').fill('10001');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-postcode-error')).toHaveText('邮编已确定位置：请将州/省和城市改回任意');
    await page.getByTestId('gen-state').selectOption('');
    await page.getByTestId('gen-session-sticky').click();
    await page.getByTestId('gen-session-id').fill('shop1');
    await page.getByTestId('gen-minutes').fill('15');
    const zip = `${account}-zone-resi-region-US-zip-10001-sid-shop1-t-15`;
    const [zipUser, password] = await generate(page, 2, zip);
    await expect(page.getByTestId('gen-target')).toHaveText('第一行的定位：US · 邮编 10001');
    expect(await verify(page, zipUser, password)).toMatchObject({
      allowed: true,
      target: { region: 'US', postcode: '10001', isp: null, session: { kind: 'sid', id: 'shop1', minutes: 15 } },
    });

    // A postcode outside the United States is explained; an ISP of Hong Kong, by its Chinese name.
    await page.getByTestId('gen-country').selectOption('HK');
    await page.getByTestId('gen-submit').click();
    await expect(page.getByTestId('gen-postcode-error')).toHaveText('邮编定位目前仅支持美国：请将国家选为美国，或清空邮编');
    await page.getByTestId('gen-postcode').fill('');
    await page.getByTestId('gen-isp').selectOption({ label: '香港宽频 (AS9269)' });
    const isp = `${account}-zone-resi-region-HK-asn-9269-sid-shop1-t-15`;
    const [ispUser] = await generate(page, 1, isp);
    await expect(page.getByTestId('gen-target')).toHaveText('第一行的定位：HK · 运营商 香港宽频（AS9269）');
    expect(await verify(page, ispUser, password)).toMatchObject({
      allowed: true,
      target: { region: 'HK', postcode: null, isp: { asn: 9269, name: 'HKBN' } },
    });
    await new AxeBuilder({ page }).analyze().then((r) => expect(r.violations.map((v) => v.id)).toEqual([]));
  });
});
