import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { remoteCli, ROOT, versionFolder } from '../support/portal.ts';

test.describe.configure({ mode: 'serial' });

type Registry = { remotes: Record<string, { version: string; builtAgainst: Record<string, string> }> };
const registry = async (request: APIRequestContext): Promise<Registry> => (await request.get('/remotes.json')).json();
const shellScripts = (html: string) => html.match(/<script[^>]+src="\/static\/[^"]+"/g) ?? [];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

const MARKETING = path.join(ROOT, 'remotes/marketing');
/** What a team changes to add a page to marketing: its code, its route, its title in both languages. */
const SOURCES = ['routes.json', 'src/routes.tsx', 'src/messages/en.json', 'src/messages/zh-CN.json'].map((f) =>
  path.join(MARKETING, f),
);
const PAGE_FILE = path.join(MARKETING, 'src/pages/ReleaseNotesPage.tsx');

function addReleaseNotesPage() {
  const routes = JSON.parse(readFileSync(SOURCES[0]!, 'utf8'));
  routes.routes.push({
    path: '/release-notes',
    layout: 'default',
    access: 'public',
    title: 'marketing.releaseNotes.title',
    description: 'marketing.releaseNotes.description',
    sitemap: true,
    indexable: true,
  });
  writeFileSync(SOURCES[0]!, JSON.stringify(routes, null, 2));
  const pages = readFileSync(SOURCES[1]!, 'utf8');
  writeFileSync(
    SOURCES[1]!,
    pages.replace(
      "export const pages: RemoteRoutesModule['pages'] = {",
      (m) => `${m}\n  '/release-notes': () => import('./pages/ReleaseNotesPage.tsx'),`,
    ),
  );
  const texts = {
    en: { title: 'Release notes', description: 'What changed in the portal this month.' },
    'zh-CN': { title: '更新日志', description: '本月门户的更新内容。' },
  };
  for (const [file, locale] of [
    [SOURCES[2]!, 'en'],
    [SOURCES[3]!, 'zh-CN'],
  ] as const) {
    const catalog = JSON.parse(readFileSync(file, 'utf8'));
    catalog['marketing.releaseNotes.title'] = texts[locale].title;
    catalog['marketing.releaseNotes.description'] = texts[locale].description;
    writeFileSync(file, JSON.stringify(catalog, null, 2));
  }
  writeFileSync(
    PAGE_FILE,
    `import { FormattedMessage } from 'react-intl';

export default function ReleaseNotesPage() {
  return (
    <section>
      <h1><FormattedMessage id="marketing.releaseNotes.title" /></h1>
      <p><FormattedMessage id="marketing.releaseNotes.description" /></p>
    </section>
  );
}
`,
  );
}

type EditableManifest = { routes: object[]; builtAgainst: Record<string, string> };

/** A copy of the live checkout version with `change` applied to its route manifest: a prebuilt dist to deploy. */
function checkoutVariant(version: string, change: (manifest: EditableManifest) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-checkout-'));
  cpSync(versionFolder('checkout', version), dir, { recursive: true });
  const file = path.join(dir, 'remote-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  change(manifest);
  writeFileSync(file, JSON.stringify(manifest));
  return dir;
}

test.describe('each remote owns its routes', { tag: '@shared-state' }, () => {
  const saved = SOURCES.map((file) => [file, readFileSync(file, 'utf8')] as const);
  test.afterAll(() => {
    for (const [file, text] of saved) writeFileSync(file, text);
    rmSync(PAGE_FILE, { force: true });
    // Leave the working tree's builds as npm start makes them.
    for (const remote of ['marketing', 'checkout'])
      spawnSync('npx', ['--yes', 'pnpm@10.34.8', '--filter', `@portal/${remote}`, 'build'], { cwd: ROOT, stdio: 'ignore' });
  });

  test('a deployed remote version that adds a page serves it in both languages with no shell build or restart; rollback takes it away', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const shellBefore = await (await request.get('/en')).text();
    for (const url of ['/release-notes', '/en/release-notes']) expect((await request.get(url)).status(), url).toBe(404);

    addReleaseNotesPage();
    const deploy = remoteCli(['deploy', 'marketing'], { REMOTE_RELEASE: `e2e-release-notes-${Date.now()}` });
    expect(deploy.code, deploy.out).toBe(0);

    const en = await request.get('/en/release-notes');
    expect(en.status()).toBe(200);
    const enHtml = await en.text();
    expect(titleOf(enHtml)).toBe('Release notes - NovaProxy');
    expect(enHtml).toContain('<meta name="description" content="What changed in the portal this month.">');
    // Rendered by the server with the new version's code.
    expect(enHtml).toContain('<h1>Release notes</h1>');
    const zh = await request.get('/release-notes');
    expect(zh.status()).toBe(200);
    expect(titleOf(await zh.text())).toBe('更新日志 - 诺瓦代理');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/release-notes<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/en\/release-notes<\/loc>/);

    await page.goto('/en/release-notes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Release notes');
    await expect(page).toHaveTitle('Release notes - NovaProxy');
    await page.goto('/release-notes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('更新日志');
    expect(shellScripts(await (await request.get('/en')).text())).toEqual(shellScripts(shellBefore));

    const rollback = remoteCli(['rollback', 'marketing']);
    expect(rollback.code, rollback.out).toBe(0);
    for (const url of ['/release-notes', '/en/release-notes']) expect((await request.get(url)).status(), url).toBe(404);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/release-notes');
    const gone = await page.goto('/en/release-notes');
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.locator('[data-remote="marketing"]')).toHaveCount(0);
  });

  test('a deploy that claims a path another remote serves is refused, naming both, and nothing changes', async ({
    request,
    page,
  }) => {
    const before = await registry(request);
    const checkout = before.remotes.checkout!.version;
    const dist = checkoutVariant(checkout, (manifest) => {
      manifest.routes.push({
        path: '/service',
        layout: 'default',
        access: 'public',
        title: 'shared.seo.buy.title',
        sitemap: false,
        indexable: false,
      });
    });
    try {
      const deploy = remoteCli(['deploy', 'checkout', '--dist', dist]);
      expect(deploy.code).toBe(1);
      expect(deploy.out).toMatch(
        new RegExp(`/service is claimed by checkout \\S+ and marketing ${before.remotes.marketing!.version}`),
      );
      expect((await registry(request)).remotes.checkout!.version).toBe(checkout);
      await page.goto('/en/service');
      await expect(page.locator('[data-remote="marketing"]')).not.toHaveCount(0);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('a remote built against another major of a shared package is refused at deploy, with both versions and what to do', async ({
    request,
  }) => {
    const before = await registry(request);
    const checkout = before.remotes.checkout!.version;
    const provided = before.remotes.checkout!.builtAgainst.react;
    const dist = checkoutVariant(checkout, (manifest) => {
      manifest.builtAgainst.react = '18.3.1';
    });
    try {
      const deploy = remoteCli(['deploy', 'checkout', '--dist', dist]);
      expect(deploy.code).toBe(1);
      expect(deploy.out).toContain(`react: the shell provides ${provided} but checkout was built against 18.3.1`);
      expect(deploy.out).toContain('Rebuild checkout');
      expect((await registry(request)).remotes.checkout!.version).toBe(checkout);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('a mismatch that slips through (a shell rolled back under a remote) is reported once and shows the localized fallback', async ({
    page,
  }) => {
    const reports: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('was not loaded')) reports.push(m.text());
    });
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.remotes.checkout.builtAgainst.react = '18.3.1';
      await route.fulfill({ response, json: body });
    });
    await page.goto('/en/buy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This section is temporarily unavailable');
    // The page's remote is asked for twice (prefetch at boot, then the router): reported once.
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('react: the shell provides');
    expect(reports[0]).toContain('built against 18.3.1');
    // "Try again" reloads the page: the same verdict, reported once more for the new page.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This section is temporarily unavailable');
    await expect.poll(() => reports.length).toBe(2);
    // The other remotes are unaffected.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
    await page.goto('/buy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('该板块暂时无法加载');
  });

  test('a staged deploy at 50% serves the new release to some fresh visitors and the old to others, each sticky; promote and rollback move everyone', async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const releaseOf = async (context: import('@playwright/test').BrowserContext) => {
      const page = await context.newPage();
      await page.goto('/en/buy');
      const checkout = page.locator('[data-remote="checkout"]').first();
      await expect(checkout).toBeVisible();
      const release = await checkout.getAttribute('data-release');
      // The page answer is made for the same assignment as /remotes.json: it preloads that version's
      // files, and the markup rendered on the server is that release's.
      const { version } = (await (await context.request.get('/remotes.json')).json()).remotes.checkout;
      const html = await (await context.request.get('/en/buy')).text();
      expect(html).toContain(`/remotes/checkout/${version}/remoteEntry.js`);
      // Every version, the freshly deployed one included, is rendered on the server.
      expect(html).toContain('data-remote="checkout"');
      expect(html).toContain(`data-release="${release}"`);
      await page.close();
      return release;
    };
    const before = (await registry(request)).remotes.checkout!.version;
    const old = await releaseOf(await browser.newContext());
    const release = `e2e-staged-${Date.now()}`;
    const deploy = remoteCli(['deploy', 'checkout', '--percent', '50'], { REMOTE_RELEASE: release });
    expect(deploy.code, deploy.out).toBe(0);
    expect(deploy.out).toContain('is staged for about 50% of visitors');
    expect(remoteCli(['list']).out).toMatch(/staged: \S+ for 50% of visitors since/);

    const visitors = [];
    for (let i = 0; i < 12; i++) {
      const context = await browser.newContext();
      visitors.push({ context, release: await releaseOf(context) });
    }
    const releases = new Set(visitors.map((v) => v.release));
    expect([...releases].sort()).toEqual([old, release].sort());
    // Sticky across reloads.
    for (const v of visitors.slice(0, 4)) expect(await releaseOf(v.context)).toBe(v.release);

    const promote = remoteCli(['promote', 'checkout']);
    expect(promote.code, promote.out).toBe(0);
    for (const v of visitors.slice(0, 4)) expect(await releaseOf(v.context)).toBe(release);
    expect(await releaseOf(await browser.newContext())).toBe(release);

    const rollback = remoteCli(['rollback', 'checkout']);
    expect(rollback.code, rollback.out).toBe(0);
    expect((await registry(request)).remotes.checkout!.version).toBe(before);
    for (const v of visitors.slice(0, 4)) expect(await releaseOf(v.context)).toBe(old);
    for (const v of visitors) await v.context.close();
  });
});
