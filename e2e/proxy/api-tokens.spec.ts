import type { Page } from '@playwright/test';
import { expectWcagClean } from '../support/axe.ts';
import { signIn } from '../support/portal.ts';
import { expect, test } from '../support/test.ts';

const LANGUAGES = [
  {
    name: 'English',
    prefix: '/en',
    t: {
      heading: 'API tokens',
      nav: 'API tokens',
      empty: 'You have no API tokens yet',
      warning: 'it will not be shown again',
      revokeTitle: 'Revoke this token?',
      revoked: 'Token revoked',
      revokedMessage: 'This API token has been revoked',
      language: 'en',
    },
  },
  {
    name: 'Chinese',
    prefix: '',
    t: {
      heading: 'API 令牌',
      nav: 'API 令牌',
      empty: '您还没有 API 令牌',
      warning: '它不会再次显示',
      revokeTitle: '撤销该令牌？',
      revoked: '令牌已撤销',
      revokedMessage: '该 API 令牌已被撤销',
      language: 'zh-CN',
    },
  },
] as const;

async function createInPage(page: Page, name: string): Promise<string> {
  await page.getByTestId('api-token-new').click();
  const dialog = page.getByTestId('api-token-dialog');
  await dialog.getByTestId('api-token-name').fill(name);
  // usage:read is ticked by default; proxy:write too for sub-accounts.
  await dialog.getByTestId('api-token-scope-proxy-write').click();
  await dialog.getByTestId('api-token-expiry').selectOption('30');
  await dialog.getByTestId('api-token-submit').click();
  const secret = await dialog.getByTestId('api-token-secret').inputValue();
  expect(secret).toMatch(/^npt_[A-Za-z0-9_-]{43}$/);
  return secret;
}

for (const { name, prefix, t } of LANGUAGES) {
  test(`API tokens: create in the page, automate through /api/v1/, revoke, refused (${name})`, async ({ page }) => {
    await signIn(page, 4096);
    await page.goto(`${prefix}/admin/dashboard`);
    await page.getByRole('navigation').getByRole('link', { name: t.nav }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/admin/api-tokens$`));
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(page.getByTestId('api-tokens-empty')).toHaveText(new RegExp(t.empty));
    await expectWcagClean(page, `api tokens empty (${name})`);

    const secret = await createInPage(page, `e2e ${name}`);
    const dialog = page.getByTestId('api-token-dialog');
    await expect(dialog).toContainText(t.warning);
    await expectWcagClean(page, `api token shown once (${name})`);
    await dialog.getByTestId('api-token-done').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('api-token-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`e2e ${name}`);
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(row).toContainText('usage:read');
    await expect(row).toContainText('proxy:write');
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectWcagClean(page, `api token list (${name})`);

    // Automation with the token: a sub-account for a customer, then the usage.
    const headers = { authorization: `Bearer ${secret}`, 'accept-language': t.language };
    const sub = `c${Date.now().toString(36).slice(-8)}`;
    const created = await page.request.post('/api/v1/proxy-accounts', { headers, data: { name: sub, trafficCapMb: 1024 } });
    expect(created.status()).toBe(201);
    expect(await created.json()).toMatchObject({ main: false, enabled: true, trafficCapMb: 1024 });
    const usage = await page.request.get('/api/v1/usage', { headers });
    expect(usage.status()).toBe(200);
    expect(await usage.json()).toMatchObject({ remainingMb: 4096 });
    const accounts = await (await page.request.get('/api/v1/proxy-accounts', { headers })).json();
    expect(accounts.items.map((a: { username: string }) => a.username.split('_')[1])).toContain(sub);

    // Revoke in the page (after a confirmation); the next call is refused.
    await row.getByTestId('api-token-revoke').click();
    const confirm = page.getByTestId('api-token-revoke-dialog');
    await expect(confirm.getByRole('heading', { name: t.revokeTitle })).toBeVisible();
    await expectWcagClean(page, `revoke confirmation (${name})`);
    await confirm.getByTestId('api-token-revoke-confirm').click();
    await expect(page.getByText(t.revoked)).toBeVisible();
    await expect(page.getByTestId('api-tokens-empty')).toBeVisible();
    const refused = await page.request.get('/api/v1/usage', { headers });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'unauthorized', message: t.revokedMessage } });
  });
}

test('API tokens page at phone width (English)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  await page.goto('/en/admin/api-tokens');
  await expect(page.getByTestId('api-tokens-empty')).toBeVisible();
  const secret = await createInPage(page, 'phone');
  await page.getByTestId('api-token-done').click();
  await expect(page.getByTestId('api-token-row')).toContainText(secret.slice(0, 10));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectWcagClean(page, 'api tokens at 375 px');
});
