import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_MAX_STALE_MS } from '../../cache/cache.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { publishWorkingTreeRemotes, workingTreeServed } from '../../test/dist.ts';
import { DEFAULT_SITE } from '../system/seed.ts';
import { siteSettings } from '../system/tables.ts';
import { createPageCache } from './page-cache.ts';
import { warmPaths } from './page-renderer.ts';

/**
 * A stand-in for the shell's node bundle that takes a while per page (so misses overlap), weighs
 * about what a real page does, and counts what it renders and how many renders run at once.
 */
const FAKE_BUNDLE = `
exports.createPageRenderer = async ({ fetch }) => ({
  async render({ url }) {
    const t = globalThis.ssrStorm;
    t.active++;
    t.peak = Math.max(t.peak, t.active);
    try {
      await new Promise((r) => setTimeout(r, t.delayMs));
      const site = await (await fetch('/app-api/ip/website/get')).json();
      t.renders.push({ url, domain: site.data.domain });
      return {
        html: '<main><h1>' + url + '</h1><p>' + site.data.domain + '</p><p>' + 'lorem ipsum '.repeat(t.words) + '</p></main>',
        styles: '<style data-emotion="css x">h1{color:red}</style>',
        state: { url, filler: 'dolor sit amet '.repeat(t.words / 4) },
      };
    } finally {
      t.active--;
    }
  },
});
`;

declare global {
  var ssrStorm: { renders: Array<{ url: string; domain: string }>; active: number; peak: number; delayMs: number; words: number };
}

const INDEX = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
const EMPTY_ROOT = '<div id="root"></div>';
const MAX_BYTES = 1024 * 1024;
const CONCURRENCY = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SSR_BUDGET_MS: '5000', SSR_CACHE_MB: '1', SSR_CONCURRENCY: String(CONCURRENCY) } });
  await mkdir(join(t.config.shellDist, 'ssr'), { recursive: true });
  await writeFile(join(t.config.shellDist, 'index.html'), INDEX);
  await writeFile(join(t.config.shellDist, 'ssr', 'index.js'), FAKE_BUNDLE);
  await writeFile(join(t.config.shellDist, 'ssr', 'package.json'), '{ "type": "commonjs" }');
  await publishWorkingTreeRemotes(t.config.dataDir, t.database);
  await t.database.db
    .insert(siteSettings)
    .values({ ...DEFAULT_SITE, domain: 'eu.example.com', isDefault: false, name: { en: 'EU', 'zh-CN': '欧洲站' } });
});
afterAll(() => t.close());
beforeEach(() => {
  // About 25 kB of markup and 10 kB of data a page: some 60 kB with its answer, so 1 MB holds ~16.
  globalThis.ssrStorm = { renders: [], active: 0, peak: 0, delayMs: 5, words: 2000 };
  t.app.cache.invalidateAll();
});

const get = (url: string, host = 'localhost', encoding = 'identity') =>
  t.app.inject({ url, headers: { accept: 'text/html', host, 'accept-encoding': encoding } });

/** Sends `urls` (with their hosts) `batch` at a time, checking the bounds after every batch. */
async function storm(requests: Array<{ url: string; host: string; encoding?: string }>, batch = 100) {
  const answers = [];
  for (let i = 0; i < requests.length; i += batch) {
    answers.push(...(await Promise.all(requests.slice(i, i + batch).map((r) => get(r.url, r.host, r.encoding)))));
    expect(globalThis.ssrStorm.peak).toBeLessThanOrEqual(CONCURRENCY);
    expect(t.app.pages.stats().bytes).toBeLessThanOrEqual(MAX_BYTES);
  }
  return answers;
}

/** Renders of one page a test may see: one per TTL window it ran through (entries expire). */
const windows = (startedAt: number) => Math.ceil((Date.now() - startedAt) / CACHE_MAX_STALE_MS) + 1;
const rendersOf = (url: string) => globalThis.ssrStorm.renders.filter((r) => r.url === url);

describe('the page cache under a storm of made-up hosts and paths', () => {
  it('renders a page once per site, whatever the Host header says: 2,000 hosts make no new render', async () => {
    const startedAt = Date.now();
    const requests = [
      ...Array.from({ length: 2000 }, (_, i) => ({ url: '/en/buy', host: `h${i}.attacker.example` })),
      ...Array.from({ length: 100 }, (_, i) => ({ url: '/en/buy', host: i % 2 ? 'eu.example.com' : 'EU.Example.COM' })),
    ];
    const answers = await storm(requests);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // One rendering for the default site (every unknown host) and one for the substation.
    const renders = rendersOf('/en/buy');
    expect(new Set(renders.map((r) => r.domain))).toEqual(new Set(['novaproxy.com', 'eu.example.com']));
    expect(renders.length).toBeLessThanOrEqual(2 * windows(startedAt));
    // Each answer carries its own site's page.
    for (const [i, answer] of answers.entries()) {
      if (answer.body.includes(EMPTY_ROOT)) continue;
      expect(answer.body).toContain(i < 2000 ? '<p>novaproxy.com</p>' : '<p>eu.example.com</p>');
    }
    expect(answers.filter((a) => !a.body.includes(EMPTY_ROOT)).length).toBeGreaterThan(2000);
    expect(t.app.pages.stats().entries).toBeLessThanOrEqual(2);
  }, 180_000);

  it('keeps one 404 rendering per site and language: 500 unknown paths make no new render', async () => {
    const startedAt = Date.now();
    const requests = Array.from({ length: 500 }, (_, i) => ({
      url: [`/en/x${i}`, `/x${i}`, `/en/blog/no-such-post-${i}`, `/en/X${i}/deeper/still`][i % 4] as string,
      host: `p${i}.attacker.example`,
    }));
    const answers = await storm(requests);
    expect(answers.every((a) => a.statusCode === 404)).toBe(true);
    const notFound = globalThis.ssrStorm.renders;
    expect(new Set(notFound.map((r) => r.url))).toEqual(new Set(['/en/_not-found', '/_not-found']));
    expect(notFound.length).toBeLessThanOrEqual(2 * windows(startedAt));
    // The browser is told the markup is the 404 page's, not that path's (it renders afresh).
    const rendered = answers.find((a) => !a.body.includes(EMPTY_ROOT));
    expect(rendered?.body).toMatch(/<div id="root" data-rendered-for="(\/en)?\/_not-found"><main><h1>/);
    expect(t.app.pages.stats().entries).toBeLessThanOrEqual(2);
  }, 120_000);

  it('one rendering for every spelling of a page (case, trailing slash, percent-encoding)', async () => {
    const spellings = ['/en/buy', '/en/Buy', '/en/BUY/', '/en/%62uy', '/en/buy//', '/zh-CN/buy', '/buy'];
    const answers = await storm(spellings.map((url) => ({ url, host: 'localhost' })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(globalThis.ssrStorm.renders.map((r) => r.url).sort()).toEqual(['/buy', '/en/buy']);
    expect(answers[0]?.body).toContain('<div id="root"><main>');
    expect(answers[1]?.body).toContain('<div id="root" data-rendered-for="/en/buy"><main>');
  });

  it('holds the pages within SSR_CACHE_MB, least recently used out first, compressed answers included', async () => {
    const paths = warmPaths((await workingTreeServed()).table);
    const requests = ['localhost', 'eu.example.com'].flatMap((host) =>
      paths.flatMap((url, i) => [
        { url, host, encoding: i % 2 ? 'br' : 'gzip' },
        // A page everyone reads keeps its place.
        { url: '/en/service', host: 'localhost', encoding: 'br' },
      ]),
    );
    expect(requests.length * 60_000).toBeGreaterThan(4 * MAX_BYTES);
    await storm(requests, 10);
    const stats = t.app.pages.stats();
    expect(stats.bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(stats.bytes).toBeGreaterThan(MAX_BYTES / 2);
    expect(stats.entries).toBeLessThan(paths.length);
    expect(rendersOf('/en/service').filter((r) => r.domain === 'novaproxy.com')).toHaveLength(1);
    // Evicted pages render again when asked for.
    const before = globalThis.ssrStorm.renders.length;
    await get(paths[0] as string);
    expect(globalThis.ssrStorm.renders.length).toBe(before + 1);
  }, 120_000);

  it(`runs at most SSR_CONCURRENCY renders: a storm of misses is answered at once, without markup`, async () => {
    globalThis.ssrStorm.delayMs = 1000;
    const requests = Array.from({ length: 50 }, (_, i) => ({ url: `/en/buy?n=${i}`, host: 'localhost' }));
    const startedAt = Date.now();
    const answers = await Promise.all(requests.map((r) => get(r.url, r.host)));
    expect(Date.now() - startedAt).toBeLessThan(4000);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(globalThis.ssrStorm.peak).toBeLessThanOrEqual(CONCURRENCY);
    expect(t.app.pages.stats().peakRendering).toBeLessThanOrEqual(CONCURRENCY);
    const withMarkup = answers.filter((a) => !a.body.includes(EMPTY_ROOT));
    expect(withMarkup.length).toBeGreaterThanOrEqual(1);
    expect(withMarkup.length).toBeLessThanOrEqual(CONCURRENCY);
    await new Promise((r) => setTimeout(r, 1200));
    expect(t.app.pages.stats().rendering).toBe(0);
  });
});

describe('createPageCache', () => {
  const page = (kb: number) => ({ html: 'x'.repeat(kb * 512), styles: '', state: 'null' });

  it('evicts the least recently used page once the bytes would pass the bound, and refuses a page larger than it', () => {
    const cache = createPageCache({ maxBytes: 100_000, ttlMs: 60_000 });
    const held = () => ['a', 'b', 'c'].filter((key) => cache.get(key) !== undefined);
    cache.set('a', page(40));
    cache.set('b', page(40));
    cache.get('a');
    cache.set('c', page(40));
    expect(held()).toEqual(['a', 'c']);
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
    cache.set('huge', page(200));
    expect(cache.get('huge') === undefined).toBe(true);
    expect(cache.stats().bytes).toBeLessThanOrEqual(100_000);
  });

  it('counts the answers made of a page, compressed forms included, and evicts for them', async () => {
    const cache = createPageCache({ maxBytes: 200_000, ttlMs: 60_000 });
    const a = cache.set('a', page(30));
    cache.set('b', page(30));
    const before = cache.stats().bytes;
    const answer = a.answer('head', () => 'y'.repeat(40_000));
    expect(cache.stats().bytes).toBeGreaterThanOrEqual(before + 40_000);
    const gzip = await a.encode(answer, 'gzip');
    await new Promise((r) => setImmediate(r));
    expect(cache.stats().bytes).toBeGreaterThanOrEqual(before + 40_000 + gzip.length);
    // More answers of `a` push `b` (least recently used) out; `a` stays.
    for (let i = 0; i < 3; i++) a.answer(`head ${i}`, () => 'z'.repeat(40_000));
    expect(cache.get('b') === undefined).toBe(true);
    expect(cache.get('a') === a).toBe(true);
    expect(cache.stats().bytes).toBeLessThanOrEqual(200_000);
  });
});
