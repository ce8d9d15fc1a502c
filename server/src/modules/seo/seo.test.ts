import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharedMessages } from '@portal/shared/messages';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { listPostsForSitemap, publishPosts } from '../content/blog.ts';
import { createRemoteRegistry } from '../remotes/registry.ts';
import type { PostSource } from '../content/files.ts';
import { siteSettings } from '../system/tables.ts';
import { renderSitemap } from './sitemap.ts';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <title>NovaProxy</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BASE = 'https://www.novaproxy.test';
const EVIL = '<script>alert("x")</script>';

const en = sharedMessages.en;
const zh = sharedMessages['zh-CN'];

const post = (slug: string, title: string, summary: string, publishedAt: Date): PostSource => ({
  slug,
  tags: ['tutorial', 'fingerprint-browser'],
  publishedAt,
  updatedAt: null,
  en: { title, summary, body: `# ${title}\n\nSet the proxy in the browser profile.` },
  'zh-CN': { title: `${title}（中文）`, summary: `${summary}（中文）`, body: `# ${title}\n\n在浏览器配置文件中设置代理。` },
});

let t: TestApp;
/** The same database served without PUBLIC_BASE_URL: URLs on http://localhost:8080 or a configured substation. */
let own: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_BASE_URL: `${BASE}/` }, remotes: true });
  own = await createTestApp({ database: t.database, remotes: true });
  for (const app of [t, own]) {
    await mkdir(app.config.shellDist, { recursive: true });
    await writeFile(join(app.config.shellDist, 'index.html'), INDEX);
  }
  const db = t.database.db;
  await publishPosts(
    db,
    [
      post(
        'seo-test-adspower-setup',
        'Set up proxies in AdsPower',
        'Configure residential proxies in AdsPower profiles.',
        new Date('2026-03-01T08:00:00Z'),
      ),
      post('seo-test-evil', `Tips & ${EVIL}`, `Summary "quoted" & ${EVIL}`, new Date('2026-04-01T08:00:00Z')),
    ],
    new Date(),
  );
  await db.insert(siteSettings).values({
    domain: 'evil.test',
    name: { en: `Evil ${EVIL} "Site"`, 'zh-CN': `坏站 ${EVIL}` },
    logoUrl: '/logo.svg',
    serviceHours: { en: '24/7', 'zh-CN': '7×24' },
  });
});
afterAll(async () => {
  await own?.close();
  await t?.close();
});

const get = (url: string, app = t, headers: Record<string, string> = {}) =>
  app.app.inject({ url, headers: { accept: HTML, ...headers } });

/** The `content` of `<meta {attr}="{key}">`, or the `href` of a link, still HTML-escaped; every match. */
function all(body: string, tag: 'meta' | 'link', attr: string, key: string): string[] {
  const out: string[] = [];
  for (const [element] of body.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))) {
    if (!element.includes(`${attr}="${key}"`)) continue;
    const value = /\b(?:content|href)="([^"]*)"/.exec(element);
    if (value) out.push(value[1] ?? '');
  }
  return out;
}
const meta = (body: string, attr: 'name' | 'property', key: string) => all(body, 'meta', attr, key)[0];
const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
const canonical = (body: string) => all(body, 'link', 'rel', 'canonical');
const hreflang = (body: string, lang: string) => all(body, 'link', 'hreflang', lang);
const decoded = (s: string | undefined) => s?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

describe('page heads', () => {
  it('gives the Chinese home page its Chinese head', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const { body } = res;
    expect(body).toContain('<html lang="zh-CN">');
    expect(decoded(title(body))).toBe(`${zh['shared.seo.home.title']} - 诺瓦代理`);
    expect(decoded(meta(body, 'name', 'description'))).toBe(zh['shared.seo.home.description']);
    expect(canonical(body)).toEqual([`${BASE}/`]);
    expect(hreflang(body, 'zh-CN')).toEqual([`${BASE}/`]);
    expect(hreflang(body, 'en')).toEqual([`${BASE}/en`]);
    expect(hreflang(body, 'x-default')).toEqual([`${BASE}/`]);
    expect(body).toMatch(/<link rel="canonical" href="[^"]*" data-portal-head>/);
    expect(meta(body, 'property', 'og:type')).toBe('website');
    expect(decoded(meta(body, 'property', 'og:title'))).toBe(zh['shared.seo.home.title']);
    expect(meta(body, 'property', 'og:url')).toBe(`${BASE}/`);
    expect(meta(body, 'property', 'og:site_name')).toBe('诺瓦代理');
    expect(meta(body, 'property', 'og:locale')).toBe('zh_CN');
    expect(meta(body, 'property', 'og:locale:alternate')).toBe('en_US');
    expect(meta(body, 'name', 'twitter:card')).toBe('summary');
    expect(meta(body, 'name', 'robots')).toBeUndefined();
    // The build's own title is replaced, not repeated; the rest of index.html is kept.
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).toContain('<meta charset="utf-8" />');
    expect(body).toContain('<div id="root"></div>');
  });

  it('gives the English home page its English head', async () => {
    const { body } = await get('/en');
    expect(body).toContain('<html lang="en">');
    expect(decoded(title(body))).toBe(`${en['shared.seo.home.title']} - NovaProxy`);
    expect(decoded(meta(body, 'name', 'description'))).toBe(en['shared.seo.home.description']);
    expect(canonical(body)).toEqual([`${BASE}/en`]);
    expect(hreflang(body, 'x-default')).toEqual([`${BASE}/`]);
    expect(meta(body, 'property', 'og:locale')).toBe('en_US');
    expect(meta(body, 'property', 'og:locale:alternate')).toBe('zh_CN');
  });

  it.each([
    ['/en/dynamic-residential-proxies', 'en', 'dynamic', '/en/dynamic-residential-proxies'],
    ['/static-residential-proxies?utm_source=ad&x=1', 'zh-CN', 'static', '/static-residential-proxies'],
    ['/en/native-residential-proxies/', 'en', 'native', '/en/native-residential-proxies'],
    ['/blog', 'zh-CN', 'blog', '/blog'],
    ['/zh-CN/blog', 'zh-CN', 'blog', '/blog'],
    ['/en/Use-Scene', 'en', 'useScene', '/en/use-scene'],
    ['/en/service', 'en', 'service', '/en/service'],
    ['/terms', 'zh-CN', 'terms', '/terms'],
    ['/en/privacy', 'en', 'privacy', '/en/privacy'],
    ['/en/buy', 'en', 'buy', '/en/buy'],
    ['/login', 'zh-CN', 'login', '/login'],
    ['/en/register', 'en', 'register', '/en/register'],
    ['/zh-CN/forgot-password', 'zh-CN', 'forgotPassword', '/forgot-password'],
  ] as const)('%s: %s title and description of %s, canonical %s', async (url, locale, page, path) => {
    const { statusCode, body } = await get(url);
    expect(statusCode).toBe(200);
    const messages = sharedMessages[locale];
    const site = locale === 'en' ? 'NovaProxy' : '诺瓦代理';
    expect(body).toContain(`<html lang="${locale}">`);
    expect(decoded(title(body))).toBe(`${messages[`shared.seo.${page}.title`]} - ${site}`);
    expect(decoded(meta(body, 'name', 'description'))).toBe(messages[`shared.seo.${page}.description`]);
    expect(canonical(body)).toEqual([BASE + path]);
    expect(meta(body, 'property', 'og:url')).toBe(BASE + path);
    const bare = path.replace(/^\/en(?=\/|$)/, '') || '/';
    expect(hreflang(body, 'zh-CN')).toEqual([BASE + bare]);
    expect(hreflang(body, 'en')).toEqual([BASE + (bare === '/' ? '/en' : `/en${bare}`)]);
    expect(meta(body, 'name', 'robots')).toBeUndefined();
  });

  it('uses http://localhost:<PORT> without PUBLIC_BASE_URL, whatever the Host header says', async () => {
    const { body } = await get('/en/buy?x=1', own, { host: 'shop.example.com' });
    expect(canonical(body)).toEqual(['http://localhost:8080/en/buy']);
    expect(hreflang(body, 'zh-CN')).toEqual(['http://localhost:8080/buy']);
  });

  it("puts a substation's pages on its own host name, with the scheme and port of the default origin", async () => {
    expect(canonical((await get('/en/buy', t, { host: 'evil.test' })).body)).toEqual(['https://evil.test/en/buy']);
    expect(canonical((await get('/en/buy', own, { host: 'evil.test:8080' })).body)).toEqual(['http://evil.test:8080/en/buy']);
  });

  it.each([
    '/admin',
    '/en/admin/dashboard',
    '/zh-CN/admin/static/management',
    '/order',
    '/en/order',
    '/h5',
    '/h5/pay',
    '/en/h5/success',
  ])('keeps %s out of search results', async (url) => {
    const { statusCode, body } = await get(url);
    expect(statusCode).toBe(200);
    expect(meta(body, 'name', 'robots')).toBe('noindex');
    expect(body.match(/name="robots"/g)).toHaveLength(1);
  });

  it("titles the user centre's pages by their manifest, with the home description", async () => {
    const { body } = await get('/en/admin/dashboard');
    expect(title(body)).toBe('Dashboard - NovaProxy');
    expect(decoded(meta(body, 'name', 'description'))).toBe(en['shared.seo.home.description']);
  });

  it('answers an unknown page with 404, noindex and the localized not-found title', async () => {
    for (const [url, expected] of [
      ['/en/nope', 'Page Not Found - NovaProxy'],
      ['/nope/deeper', '页面不存在 - 诺瓦代理'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(title(res.body)).toBe(expected);
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
      expect(canonical(res.body)).toEqual([]);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('gives a blog post its own title, summary and article times', async () => {
    const [row] = (await listPostsForSitemap(t.database.db)).filter((p) => p.slug === 'seo-test-adspower-setup');
    const { statusCode, body } = await get('/en/blog/seo-test-adspower-setup');
    expect(statusCode).toBe(200);
    expect(title(body)).toBe('Set up proxies in AdsPower - NovaProxy');
    expect(meta(body, 'name', 'description')).toBe('Configure residential proxies in AdsPower profiles.');
    expect(meta(body, 'property', 'og:type')).toBe('article');
    expect(meta(body, 'property', 'og:title')).toBe('Set up proxies in AdsPower');
    expect(meta(body, 'property', 'article:published_time')).toBe('2026-03-01T08:00:00.000Z');
    expect(meta(body, 'property', 'article:modified_time')).toBe(row?.updatedAt.toISOString());
    expect(all(body, 'meta', 'property', 'article:tag')).toEqual(['tutorial', 'fingerprint-browser']);
    expect(canonical(body)).toEqual([`${BASE}/en/blog/seo-test-adspower-setup`]);
    expect(hreflang(body, 'zh-CN')).toEqual([`${BASE}/blog/seo-test-adspower-setup`]);

    const zhPage = await get('/zh-CN/blog/seo-test-adspower-setup');
    expect(title(zhPage.body)).toBe('Set up proxies in AdsPower（中文） - 诺瓦代理');
    expect(canonical(zhPage.body)).toEqual([`${BASE}/blog/seo-test-adspower-setup`]);
  });

  it('answers an unknown blog post with 404 and the not-found head', async () => {
    const res = await get('/en/blog/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(title(res.body)).toBe('Page Not Found - NovaProxy');
    expect(meta(res.body, 'name', 'robots')).toBe('noindex');
  });

  it('escapes every injected value', async () => {
    const post = await get('/en/blog/seo-test-evil');
    expect(post.statusCode).toBe(200);
    const site = await get('/en/buy', t, { host: 'evil.test' });
    const zhSite = await get('/nope', t, { host: 'evil.test' });
    const evilHost = await get('/buy', own, { host: 'x"><script>alert(1)</script>' });
    for (const { body } of [post, site, zhSite, evilHost]) {
      expect(body).not.toContain('<script>');
      expect(body).not.toMatch(/="[^"]*"[^ >]*"/); // no attribute broken open by a quote
    }
    expect(decoded(title(post.body))).toBe(`Tips & ${EVIL} - NovaProxy`);
    expect(decoded(meta(post.body, 'name', 'description'))).toBe(`Summary "quoted" & ${EVIL}`);
    expect(decoded(title(site.body))).toBe(`${en['shared.seo.buy.title']} - Evil ${EVIL} "Site"`);
    expect(decoded(meta(site.body, 'property', 'og:site_name'))).toBe(`Evil ${EVIL} "Site"`);
    expect(decoded(title(zhSite.body))).toBe(`页面不存在 - 坏站 ${EVIL}`);
  });
});

describe('/sitemap.xml', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => ['url', 'xhtml:link'].includes(name),
  });
  type Url = { loc: string; lastmod: string; 'xhtml:link': Array<{ '@rel': string; '@hreflang': string; '@href': string }> };

  it('lists every public page and post in both locales with alternates', async () => {
    const res = await get('/sitemap.xml', t, { accept: '*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const doc = parser.parse(res.body);
    expect(doc.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(doc.urlset['@xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const urls: Url[] = doc.urlset.url;
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of [
      '/',
      '/service',
      '/use-scene',
      '/terms',
      '/privacy',
      '/blog',
      '/buy',
      '/dynamic-residential-proxies',
      '/static-residential-proxies',
      '/native-residential-proxies',
      '/status',
      '/blog/seo-test-adspower-setup',
    ]) {
      expect(locs).toContain(BASE + path);
      expect(locs).toContain(BASE + (path === '/' ? '/en' : `/en${path}`));
    }
    for (const loc of locs) {
      expect(loc).not.toMatch(/\/(admin|order|h5|login|register|forgot-password)\b|:slug/);
      expect(loc.startsWith(`${BASE}/`)).toBe(true);
    }
    const buyEn = urls.find((u) => u.loc === `${BASE}/en/buy`)!;
    expect(buyEn['xhtml:link']).toEqual([
      { '@rel': 'alternate', '@hreflang': 'zh-CN', '@href': `${BASE}/buy` },
      { '@rel': 'alternate', '@hreflang': 'en', '@href': `${BASE}/en/buy` },
      { '@rel': 'alternate', '@hreflang': 'x-default', '@href': `${BASE}/buy` },
    ]);
    for (const u of urls) expect(u.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('dates posts by their update, /blog by the newest post, other pages by the live marketing release', async () => {
    const deployedAt = '2026-05-06T07:08:09.000Z';
    // The registry as published for this app (every remote current), with marketing's release time set.
    const { store } = createRemoteRegistry(t.config.dataDir, { database: t.database });
    const registry = JSON.parse((await store.readText()) ?? '');
    const marketing = registry.remotes.marketing;
    for (const entry of marketing.history) if (entry.version === marketing.current) entry.deployedAt = deployedAt;
    await store.writeText(JSON.stringify(registry));
    const posts = await listPostsForSitemap(t.database.db);
    const newest = new Date(Math.max(...posts.map((p) => p.updatedAt.getTime())));
    const ours = posts.find((p) => p.slug === 'seo-test-adspower-setup')!;
    const urls: Url[] = parser.parse((await get('/sitemap.xml')).body).urlset.url;
    const lastmod = (loc: string) => urls.find((u) => u.loc === BASE + loc)?.lastmod;
    const w3c = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
    expect(lastmod('/service')).toBe('2026-05-06T07:08:09Z');
    expect(lastmod('/en')).toBe('2026-05-06T07:08:09Z');
    expect(lastmod('/blog')).toBe(w3c(newest));
    expect(lastmod('/en/blog/seo-test-adspower-setup')).toBe(w3c(ours.updatedAt));
    // /buy is checkout's: dated by checkout's release, not marketing's.
    expect(lastmod('/buy')).not.toBe('2026-05-06T07:08:09Z');
  });

  it('is the server document even when SHELL_DIST has a file of that name', async () => {
    await writeFile(join(t.config.shellDist, 'sitemap.xml'), '<stale/>');
    await writeFile(join(t.config.shellDist, 'robots.txt'), 'stale');
    expect((await get('/sitemap.xml')).body).toContain('<urlset');
    expect((await get('/robots.txt')).body).toContain('Sitemap:');
  });

  it('escapes URLs for XML', () => {
    const xml = renderSitemap("https://example.com/a&b'", [{ path: '/', lastmod: new Date('2026-01-01T00:00:00Z') }]);
    expect(xml).toContain('<loc>https://example.com/a&#38;b&#39;/</loc>');
    expect(() => parser.parse(xml)).not.toThrow();
  });
});

describe('/robots.txt', () => {
  it('keeps crawlers out of the private pages and points at the sitemap', async () => {
    const res = await get('/robots.txt', t, { accept: 'text/plain' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/en/admin', '/order', '/en/order', '/h5', '/en/h5', '/sandbox/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Crawlers that render pages fetch the blog and catalogue through the API.
    expect(lines.some((l) => l.startsWith('Disallow: /app-api'))).toBe(false);
    expect(lines.at(-1)).toBe(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('names http://localhost:<PORT> without PUBLIC_BASE_URL, whatever the Host header says, also for HEAD', async () => {
    expect((await get('/robots.txt', own, { host: 'shop.example.com' })).body).toContain(
      'Sitemap: http://localhost:8080/sitemap.xml',
    );
    expect((await own.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });
});
