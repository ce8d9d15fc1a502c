import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { publishWorkingTreeRemotes, workingTreeServed } from '../../test/dist.ts';
import { DEFAULT_SITE } from '../system/seed.ts';
import { siteSettings } from '../system/tables.ts';
import { warmPaths } from './page-renderer.ts';

/**
 * A stand-in for the shell's node bundle (dist/ssr/index.js): CommonJS, as the build emits it. What
 * it does per page is steered from the test through globalThis.ssrTest.
 */
const FAKE_BUNDLE = `
exports.createPageRenderer = async ({ fetch }) => ({
  async render({ url, signal }) {
    const t = globalThis.ssrTest;
    t.renders++;
    if (t.mode === 'throw') throw new Error('the page threw');
    if (t.mode === 'slow') await new Promise((r) => setTimeout(r, t.delayMs));
    const site = await (await fetch('/app-api/ip/website/get')).json();
    return {
      html: '<main><h1>' + url + '</h1><p>' + site.data.domain + '</p></main>',
      styles: '<style data-emotion="css x">h1{color:red}</style>',
      state: { note: '</script><b>' },
    };
  },
});
`;

declare global {
  var ssrTest: { mode: 'ok' | 'throw' | 'slow'; renders: number; delayMs: number };
}

const INDEX = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
const EMPTY_ROOT = '<div id="root"></div>';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SSR_BUDGET_MS: '300' } });
  await mkdir(join(t.config.shellDist, 'ssr'), { recursive: true });
  await writeFile(join(t.config.shellDist, 'index.html'), INDEX);
  await writeFile(join(t.config.shellDist, 'ssr', 'index.js'), FAKE_BUNDLE);
  await writeFile(join(t.config.shellDist, 'ssr', 'package.json'), '{ "type": "commonjs" }');
  await publishWorkingTreeRemotes(t.config.dataDir, t.database);
});
afterAll(() => t.close());
beforeEach(() => {
  globalThis.ssrTest = { mode: 'ok', renders: 0, delayMs: 0 };
  t.app.cache.invalidateAll();
});

const get = (url: string, host = 'localhost') => t.app.inject({ url, headers: { accept: 'text/html', host } });

describe('server-rendered pages', () => {
  it('puts the markup into #root, its styles into the head and the data into an inert JSON block that no text can close', async () => {
    const res = await get('/en/service');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<style data-emotion="css x">h1{color:red}</style></head>');
    expect(res.body).toContain('<div id="root"><main><h1>/en/service</h1><p>novaproxy.com</p></main></div>');
    expect(res.body).toContain(
      '<script type="application/json" id="portal-ssr-state">{"note":"\\u003c/script>\\u003cb>"}</script></body>',
    );
  });

  it('answers the API calls of a render in-process, for the host of the page', async () => {
    await t.database.db
      .insert(siteSettings)
      .values({ ...DEFAULT_SITE, domain: 'eu.example.com', isDefault: false, name: { en: 'EU', 'zh-CN': '欧洲站' } });
    t.app.cache.invalidateAll();
    expect((await get('/service', 'eu.example.com')).body).toContain('<p>eu.example.com</p>');
    expect((await get('/service')).body).toContain('<p>novaproxy.com</p>');
  });

  it('keeps one rendering for every ad-link variant of a page, and none for made-up queries (memory must not grow with them)', async () => {
    for (const q of ['utm_source=a', 'utm_source=b&utm_campaign=x', 'gclid=1', 'fbclid=2&utm_medium=cpc'])
      expect((await get(`/en/use-scene?${q}`)).body).toContain('<h1>/en/use-scene</h1>');
    expect(globalThis.ssrTest.renders).toBe(1);
    const size = t.app.cache.size;
    for (let i = 0; i < 20; i++) expect((await get(`/en/use-scene?n=${i}&utm_source=z`)).body).toContain('<h1>/en/use-scene?n=');
    expect(globalThis.ssrTest.renders).toBe(21);
    expect(t.app.cache.size).toBe(size);
  });

  it('renders one page once for 50 concurrent requests, then answers from the cache until its data changes', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/en/blog')));
    expect(answers.every((a) => a.body.includes('<h1>/en/blog</h1>'))).toBe(true);
    expect(globalThis.ssrTest.renders).toBe(1);
    await get('/en/blog');
    expect(globalThis.ssrTest.renders).toBe(1);
    // A price or post changed: the next request renders again.
    t.app.cache.invalidate('prices');
    await get('/en/blog');
    expect(globalThis.ssrTest.renders).toBe(2);
  });

  it('sends a cached page compressed by Accept-Encoding, with one strong ETag, and 304 to a revalidation', async () => {
    const identity = await get('/en/use-scene');
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await t.app.inject({ url: '/en/use-scene', headers: { accept: 'text/html', 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary?.toString().toLowerCase()).toContain('accept-encoding');
      expect(res.headers.etag).toBe(identity.headers.etag);
      const decoded = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(decoded.toString()).toBe(identity.body);
    }
    const refused = await t.app.inject({ url: '/en/use-scene', headers: { accept: 'text/html', 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const again = await t.app.inject({
      url: '/en/use-scene',
      headers: { accept: 'text/html', 'if-none-match': String(identity.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(globalThis.ssrTest.renders).toBe(1);
  });

  it('keeps pages behind login to the browser', async () => {
    const res = await get('/en/admin/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(EMPTY_ROOT);
    expect(globalThis.ssrTest.renders).toBe(0);
  });

  it('sends the page without markup when rendering throws: 200, never a 5xx', async () => {
    globalThis.ssrTest.mode = 'throw';
    const res = await get('/en/terms');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(EMPTY_ROOT);
    expect(res.body).not.toContain('portal-ssr-state');
  });

  it('does not keep the answer waiting beyond the budget, and the finished render serves the next visitor', async () => {
    globalThis.ssrTest.mode = 'slow';
    globalThis.ssrTest.delayMs = 1200;
    const started = Date.now();
    const first = await get('/en/privacy');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(first.body).toContain(EMPTY_ROOT);
    await new Promise((r) => setTimeout(r, 1400));
    const next = await get('/en/privacy');
    expect(next.body).toContain('<h1>/en/privacy</h1>');
    expect(globalThis.ssrTest.renders).toBe(1);
  });

  it('warms every public page without parameters, in both languages', async () => {
    const paths = warmPaths((await workingTreeServed()).table);
    expect(paths).toEqual(expect.arrayContaining(['/', '/en', '/service', '/en/service', '/login', '/en/buy']));
    expect(paths.some((p) => p.includes(':') || p.includes('/admin'))).toBe(false);
  });
});
