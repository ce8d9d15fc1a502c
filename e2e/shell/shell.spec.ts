import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test.ts';
import { createUser, expectRemotePage, logIn, opsCli, remoteCli, ROOT } from '../support/portal.ts';
import { spawnSync } from 'node:child_process';

test.describe('shell: locale, layout, guard, errors', () => {
  test('deep links render in both locales with html lang, title and hreflang alternates', async ({ page }) => {
    await page.goto('/en/use-scene');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Use cases');
    await expect(page).toHaveTitle('Proxy Use Cases: Scraping, E-commerce & More - NovaProxy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveAttribute('href', /\/en\/use-scene$/);
    await expect(page.locator('link[rel=alternate][hreflang=zh-CN]')).toHaveAttribute('href', /:\d+\/use-scene$/);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/en\/use-scene$/);

    await page.goto('/use-scene');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('使用场景');
    await expect(page).toHaveTitle('代理IP应用场景：数据采集、跨境电商等 - 诺瓦代理');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('the language switch keeps the page and is remembered for 365 days', async ({ page, context }) => {
    await page.goto('/service');
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/en\/service$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
    // Next visit to a Chinese (unprefixed) URL follows the saved choice.
    await page.goto('/buy');
    await expect(page).toHaveURL(/\/en\/buy$/);
    await page.getByTestId('language-switch').click();
    await expect(page).toHaveURL(/\/buy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('购买流量套餐');
  });

  test('an English browser without a saved choice starts in English; an explicit prefix wins', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(page).toHaveURL(/\/en\/blog$/);
    await page.goto('/zh-CN/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('博客');
    await context.close();
  });

  test('unknown routes answer HTTP 404 and render the 404 page with a way home', async ({ page }) => {
    const res = await page.goto('/en/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    const zh = await page.goto('/admin/nope');
    expect(zh?.status()).toBe(404);
    expect((await page.request.get('/en/buy')).status()).toBe(200);
  });

  test('/admin asks guests to log in first, then returns them where they were going', async ({ page }) => {
    const user = createUser(10_752);
    await page.goto('/en/admin/static/list');
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fadmin%2Fstatic%2Flist$/);
    await expect(page.getByText('Please log in first')).toBeVisible();
    await logIn(page, user, { mobile: 'Mobile number', password: 'Password', submit: 'Log in' });
    await expect(page).toHaveURL(/\/en\/admin\/static\/list$/);
    await expectRemotePage(page, 'static-ip');
    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('remaining-traffic')).toHaveText('10.5 GB');
  });

  test('a wrong password says "Login failed" in the user\'s language and keeps what was typed', async ({ page }) => {
    const user = createUser();
    await page.goto('/login');
    await logIn(page, { mobile: user.mobile, password: 'wrong-password' });
    await expect(page.getByText('登录失败')).toBeVisible();
    await expect(page.getByLabel('手机号')).toHaveValue(user.mobile);
    await page.getByLabel('手机号').fill('123');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入手机号或邮箱')).toBeVisible();
  });

  test('logged-in users who open login, register or forgot-password go home; logout clears every tab', async ({
    page,
    context,
  }) => {
    const user = createUser();
    await page.goto('/login');
    await logIn(page, user);
    await expect(page).toHaveURL(/\/$/);
    for (const path of ['/login', '/register', '/en/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(path.startsWith('/en') ? /\/en$/ : /\/$/);
    }
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/admin/dashboard');
    await expectRemotePage(other, 'user-center');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
    // The other tab follows: its next navigation inside /admin needs a login again.
    await other.getByRole('navigation', { name: '用户中心导航' }).getByRole('link', { name: '账户信息' }).click();
    await expect(other).toHaveURL(/\/login\?redirect=/);
  });

  test('an expired session shows "Login expired" and sends the user to log in', async ({ page }) => {
    await page.goto('/en');
    await page.evaluate(() =>
      localStorage.setItem('portal.auth', JSON.stringify({ token: 'expired-or-revoked', userInfo: null })),
    );
    await page.goto('/en/admin/dashboard');
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fadmin%2Fdashboard$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('portal.auth') ?? '{}').token)).toBe('');
  });

  test('server redirect rules are followed: relative inside the app, absolute as a full load', { tag: '@shared-state' }, async ({
    page,
    baseURL,
  }) => {
    expect(opsCli(['redirect', 'set', '/spring-sale', '/buy', '--note', 'e2e']).code).toBe(0);
    expect(opsCli(['redirect', 'set', '/partner', `${baseURL}/en/service?from=partner`]).code).toBe(0);
    await page.goto('/en/spring-sale');
    await expect(page).toHaveURL(/\/en\/buy$/);
    await expectRemotePage(page, 'checkout');
    await page.goto('/partner');
    await expect(page).toHaveURL(/\/en\/service\?from=partner$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer service');
    expect(opsCli(['redirect', 'remove', '/spring-sale']).code).toBe(0);
    expect(opsCli(['redirect', 'remove', '/partner']).code).toBe(0);
  });

  test('the customer-service panel opens from any page with hours and contact channels', async ({ page }) => {
    for (const [path, open, title, close] of [
      ['/en/buy', 'Support', 'Customer service', 'Close customer service'],
      ['/h5/pay', '在线客服', '客户服务', '关闭客服面板'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: open }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('+86 400-820-6618')).toBeVisible();
      await dialog.getByRole('button', { name: close }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('analytics records a page view for every client navigation', async ({ page }) => {
    await page.goto('/en');
    await expectRemotePage(page, 'marketing');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
    const paths = await page.evaluate(() => (window.dataLayer ?? []).map((e) => (e as { page_path: string }).page_path));
    expect(paths).toContain('/en');
    expect(paths).toContain('/en/blog');
    expect(await page.locator('script[data-site-id="e2e"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as { __analyticsLoaded?: boolean }).__analyticsLoaded)).toBe(true);
  });

  test('layouts are free of accessibility violations', async ({ page }) => {
    for (const path of ['/en/service', '/login', '/en/h5/pay', '/en/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const result = await new AxeBuilder({ page }).analyze();
      expect(result.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
});

test.describe('shell: update detection', { tag: '@shared-state' }, () => {
  test.afterAll(() => {
    spawnSync('npx', ['--yes', 'pnpm@10.34.8', '--filter', '@portal/marketing', 'build'], { cwd: ROOT, stdio: 'ignore' });
  });

  test('after a remote deploy the open page offers a reload, and keeps what the user typed until then', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/en/login');
    await page.getByLabel('Mobile number').fill('13912345678');
    const release = `update-${Date.now()}`;
    expect(remoteCli(['deploy', 'marketing'], { REMOTE_RELEASE: release }).code).toBe(0);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the portal is available' });
    await expect(prompt).toBeVisible();
    await expect(page.getByLabel('Mobile number')).toHaveValue('13912345678');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await page.goto('/en');
    await expect(page.locator('[data-remote="marketing"]')).toHaveAttribute('data-release', release);
    expect(remoteCli(['rollback', 'marketing']).code).toBe(0);
  });
});
