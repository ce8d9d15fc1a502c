import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '../support/test.ts';

/**
 * Content-Encoding over the wire of the built all-in-one server (docs/decisions/0015): immutable
 * files as the .br/.gz made at build or publish, pages compressed on the fly, identity for a client
 * that asks for no encoding. Requests go through node:http so that exactly the headers given are
 * sent (Playwright's request context adds an Accept-Encoding of its own) and the raw bytes are seen.
 */

const BASE = `http://127.0.0.1:${process.env.E2E_PORT}`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${BASE}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const decode = (res: Raw): Buffer => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
};
const varies = (res: Raw) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

/** The shell's entry script (from the page) and a remote's entry and manifest (from the registry). */
async function assets() {
  const page = (await rawGet('/en', { accept: 'text/html' })).body.toString();
  const shellScript = /<script[^>]+src="(\/static\/js\/[^"]+\.js)"/.exec(page)?.[1];
  const registry = JSON.parse((await rawGet('/remotes.json')).body.toString());
  const manifest: string = registry.remotes.marketing.manifest;
  const remoteEntry = manifest.replace(/mf-manifest\.json$/, 'remoteEntry.js');
  if (!shellScript) throw new Error('no /static script in the page');
  return { shellScript, manifest, remoteEntry };
}

test.describe('compression', () => {
  test('immutable JS of the shell and of a remote version, and the remote manifest, are sent pre-compressed', async () => {
    const { shellScript, manifest, remoteEntry } = await assets();
    for (const path of [shellScript, remoteEntry, manifest]) {
      const identity = await rawGet(path);
      expect(identity.status, path).toBe(200);
      expect(identity.headers['content-encoding'], path).toBeUndefined();
      expect(varies(identity), path).toBe(true);
      expect(Number(identity.headers['content-length'])).toBe(identity.body.length);
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'],
      ] as const) {
        const res = await rawGet(path, { 'accept-encoding': accept });
        expect(res.status, `${path} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
        expect(varies(res), path).toBe(true);
        expect(res.headers['content-type'], path).toBe(identity.headers['content-type']);
        expect(res.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
        // Sent with its length (a file, not a stream compressed on the fly), and smaller.
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(res.body.length).toBeLessThan(identity.body.length);
        expect(res.headers.etag).not.toBe(identity.headers.etag);
        expect(decode(res).equals(identity.body), `${path} ${accept}: decoded = identity`).toBe(true);
      }
    }
  });

  test('the registry stays no-cache and, carrying every route manifest, goes compressed', async () => {
    const res = await rawGet('/remotes.json', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    const registry = JSON.parse(decode(res).toString());
    expect(registry.remotes.marketing.version).toBeTruthy();
    expect(registry.remotes.checkout.routes.map((r: { path: string }) => r.path)).toContain('/buy');
    // A handful of kilobytes as it travels.
    expect(res.body.length).toBeLessThan(2048);
  });

  /** A page re-rendered in between (its cache entry expired) differs only in when its data was read. */
  const withoutRenderTimes = (html: string) => html.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '"$1":0');

  test('page HTML is compressed on the fly by Accept-Encoding, identity without', async () => {
    for (const path of ['/en/buy', '/']) {
      const identity = await rawGet(path, { accept: 'text/html' });
      expect(identity.status).toBe(200);
      expect(identity.headers['content-encoding']).toBeUndefined();
      // Server-rendered: the page's markup is in the HTML.
      expect(identity.body.toString()).toMatch(/<div id="root"><[a-z]/);
      for (const encoding of ['br', 'gzip']) {
        const res = await rawGet(path, { accept: 'text/html', 'accept-encoding': encoding });
        expect(res.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(varies(res)).toBe(true);
        expect(res.body.length).toBeLessThan(identity.body.length);
        expect(withoutRenderTimes(decode(res).toString())).toBe(withoutRenderTimes(identity.body.toString()));
      }
    }
  });

  test("Playwright's request context with explicit headers sees the same", async ({ request }) => {
    const { shellScript } = await assets();
    const identity = await request.get(shellScript, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers()['content-encoding']).toBeUndefined();
    const br = await request.get(shellScript, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers().vary?.toLowerCase()).toContain('accept-encoding');
    expect(Number(br.headers()['content-length'])).toBeLessThan(Number(identity.headers()['content-length']));
    // The request context decodes the body: it must be the same bytes.
    expect((await br.body()).equals(await identity.body())).toBe(true);
  });

  test('a browser loads the home page with compressed scripts', async ({ page }) => {
    const scripts: Promise<{ url: string; encoding: string; size: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script' || !res.url().startsWith(BASE)) return;
      scripts.push(
        (async () => ({
          url: res.url(),
          encoding: (await res.allHeaders())['content-encoding'] ?? 'identity',
          size: (await res.body()).length,
        }))(),
      );
    });
    await page.goto('/en');
    await expect(page.locator('[data-remote="marketing"]')).toBeAttached();
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(3);
    // Only files too small to be worth it (PRECOMPRESS_MIN_BYTES) may come as they are.
    expect(loaded.filter((s) => s.encoding !== 'br' && s.size >= 256)).toEqual([]);
  });
});
