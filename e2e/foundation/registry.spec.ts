import { existsSync, renameSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { expectRemotePage, remoteCli, ROOT, signIn, versionFolder } from '../support/portal.ts';
import { spawnSync } from 'node:child_process';

test.describe.configure({ mode: 'serial' });

type Registry = { remotes: Record<string, { version: string; manifest: string }> };
const shellScripts = (html: string) => html.match(/<script[^>]+src="\/static\/[^"]+"/g) ?? [];
const registry = async (request: APIRequestContext): Promise<Registry> => (await request.get('/remotes.json')).json();

test.describe('remote registry', { tag: '@shared-state' }, () => {
  test.afterAll(() => {
    // The deploy test built marketing with a test release label: leave the working tree's build as npm start makes it.
    spawnSync('npx', ['--yes', 'pnpm@10.34.8', '--filter', '@portal/marketing', 'build'], { cwd: ROOT, stdio: 'ignore' });
  });

  test('deploy ships a changed remote on the next load and rollback brings the old one back, without a shell rebuild', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const shellBefore = await (await request.get('/en')).text();
    const before = await registry(request);
    await page.goto('/en');
    const marketing = page.locator('[data-remote="marketing"]');
    const oldRelease = await marketing.getAttribute('data-release');

    const release = `e2e-${Date.now()}`;
    const deploy = remoteCli(['deploy', 'marketing'], { REMOTE_RELEASE: release });
    expect(deploy.code, deploy.out).toBe(0);
    const afterDeploy = await registry(request);
    const newVersion = afterDeploy.remotes.marketing?.version;
    expect(newVersion).toBeTruthy();
    expect(newVersion).not.toBe(before.remotes.marketing?.version);
    expect(afterDeploy.remotes.checkout).toEqual(before.remotes.checkout);

    // The server renders the next request with the new version: its release is in the HTML itself.
    expect(await (await request.get('/en')).text()).toContain(`data-release="${release}"`);
    const entry = page.waitForResponse((r) => r.url().includes(`/remotes/marketing/${newVersion}/remoteEntry.js`));
    await page.reload();
    await entry;
    await expect(marketing).toHaveAttribute('data-release', release);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Residential proxies for the open web');

    const list = remoteCli(['list']);
    expect(list.out).toContain(`* ${newVersion}`);

    const rollback = remoteCli(['rollback', 'marketing']);
    expect(rollback.code, rollback.out).toBe(0);
    expect((await registry(request)).remotes.marketing).toEqual(before.remotes.marketing);
    await page.reload();
    await expect(marketing).toHaveAttribute('data-release', oldRelease ?? '');
    const htmlAfter = await (await request.get('/en')).text();
    expect(htmlAfter).toContain(`data-release="${oldRelease}"`);
    expect(htmlAfter).not.toContain(release);

    // The same shell build throughout.
    expect(shellScripts(shellBefore)).not.toEqual([]);
    expect(shellScripts(htmlAfter)).toEqual(shellScripts(shellBefore));
  });

  test('an unknown remote name is refused and the registry stays as it was', async ({ request }) => {
    const before = await registry(request);
    const res = remoteCli(['rollback', 'payments']);
    expect(res.code).toBe(2);
    expect(res.out).toContain('unknown remote "payments"');
    expect(await registry(request)).toEqual(before);
  });

  test('a remote whose files are gone shows a localized fallback with retry, and every other route keeps working', async ({
    page,
    request,
  }) => {
    const { version } = (await registry(request)).remotes.checkout ?? { version: '' };
    const dir = versionFolder('checkout', version);
    await signIn(page);
    renameSync(dir, `${dir}.hidden`);
    try {
      await page.goto('/en/buy');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This section is temporarily unavailable');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog' }).click();
      await expectRemotePage(page, 'marketing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');

      await page.goto('/h5/pay');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('该板块暂时无法加载');
      await page.goto('/admin/static/buy');
      await expectRemotePage(page, 'static-ip');
      await page.goto('/');
      await expectRemotePage(page, 'marketing');

      // Once the files are back, "retry" loads the section.
      await page.goto('/buy');
      await expect(page.getByRole('button', { name: '重试' })).toBeVisible();
      renameSync(`${dir}.hidden`, dir);
      await page.getByRole('button', { name: '重试' }).click();
      await expectRemotePage(page, 'checkout');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('购买流量套餐');
    } finally {
      if (existsSync(`${dir}.hidden`)) renameSync(`${dir}.hidden`, dir);
    }
  });
});
