import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/test.ts';
import { expectRemotePage, signIn, watchErrors } from '../support/portal.ts';

test.describe('federated portal', () => {
  test('home renders from the marketing remote in Chinese and English', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await expectRemotePage(page, 'marketing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('为开放网络而生的住宅代理');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await page.goto('/en');
    await expectRemotePage(page, 'marketing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Residential proxies for the open web');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/NovaProxy/);
    expect(errors).toEqual([]);
  });

  test('each remote is reachable by link', async ({ page }) => {
    await page.goto('/en');
    await expectRemotePage(page, 'marketing');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/en\/buy$/);
    await expectRemotePage(page, 'checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy traffic packages');

    await page.getByRole('link', { name: 'Sign up' }).first().click();
    await expect(page).toHaveURL(/\/en\/register$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
  });

  test('the user centre and static-IP remotes are reachable by link inside /admin', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expectRemotePage(page, 'user-center');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('概览');
    const nav = page.getByRole('navigation', { name: '用户中心导航' });
    await nav.getByRole('link', { name: 'IP 管理' }).click();
    await expect(page).toHaveURL(/\/admin\/static\/management$/);
    await expectRemotePage(page, 'static-ip');
    await nav.getByRole('link', { name: '账密认证' }).click();
    await expectRemotePage(page, 'user-center');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('账密认证');
  });

  const deepLinks: Array<[string, string, string]> = [
    ['/en/service', 'marketing', 'Customer service'],
    ['/blog/adspower-proxy-setup', 'marketing', '在 AdsPower 中配置诺瓦代理动态住宅代理'],
    ['/zh-CN/use-scene', 'marketing', '使用场景'],
    ['/en/order', 'checkout', 'Order and payment'],
    ['/h5/success', 'checkout', '支付成功'],
    ['/en/admin/auth/company', 'user-center', 'Enterprise certification'],
    ['/en/admin/static/components/IPManagement', 'static-ip', 'IP management'],
    ['/static-residential-proxies', 'marketing', '静态住宅代理'],
  ];
  for (const [path, remote, heading] of deepLinks) {
    test(`deep link ${path} opens in ${remote}`, async ({ page }) => {
      // The user centre and the pages of one's own orders need a login.
      if (/\/admin|\/order|\/h5\//.test(path)) await signIn(page);
      await page.goto(path);
      await expectRemotePage(page, remote);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('unknown routes show the 404 page in both locales', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await page.goto('/en/admin/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('the browser loads one copy of React and the other singletons across all remotes', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await signIn(page);
    await page.goto('/en');
    for (const link of ['Pricing', 'Blog']) {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: link }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.goto('/en/admin/static/buy');
    await expectRemotePage(page, 'static-ip');
    await page.getByRole('navigation', { name: 'User centre navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expectRemotePage(page, 'user-center');

    // Every remote's entry was loaded …
    for (const remote of ['marketing', 'checkout', 'static-ip', 'user-center']) {
      expect(scripts.some((u) => u.includes(`/remotes/${remote}/`) && u.endsWith('/remoteEntry.js'))).toBe(true);
    }
    // … yet each singleton was loaded from one provider only.
    const loaded = await page.evaluate(() => {
      const share = (
        window as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>>;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const counts: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const pkgs of Object.values(scopes)) {
          for (const [pkg, versions] of Object.entries(pkgs)) {
            for (const [version, info] of Object.entries(versions)) {
              if (info.loaded) counts[pkg] = [...new Set([...(counts[pkg] ?? []), `${version}@${info.from}`])];
            }
          }
        }
      }
      return counts;
    });
    for (const pkg of [
      'react',
      'react-dom',
      '@portal/shared/router',
      '@portal/shared/chakra',
      '@portal/shared/chakra/deferred',
      'react-intl',
      'zod',
      '@portal/shared',
      '@portal/shared/browser',
      '@portal/shared/ui',
    ]) {
      expect(loaded[pkg], `${pkg} loaded copies`).toHaveLength(1);
    }
  });

  test('home is free of accessibility violations in both locales', async ({ page }) => {
    for (const path of ['/', '/en']) {
      await page.goto(path);
      await expectRemotePage(page, 'marketing');
      const result = await new AxeBuilder({ page }).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    }
  });
});
