import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteRegistry } from '../modules/remotes/registry.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { writeDist } from '../test/dist.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

// A shell page well above the threshold, like the real one (~2 kB).
const INDEX = `<!doctype html><html><head><title>portal</title>${'<meta name="x-pad" content="padding">'.repeat(40)}</head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const catalogue = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `package ${i}` })))};\n`;
const SMALL = 'console.log(1)';
const STYLE = Array.from({ length: 100 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')}}`).join('\n');
const HTML = 'text/html,*/*;q=0.8';

let t: TestApp;
let remoteFile: string;
beforeAll(async () => {
  t = await createTestApp({ remotes: true });
  const dist = t.config.shellDist;
  await mkdir(join(dist, 'static/js'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  // As the build leaves them: the file, its .br and its .gz.
  await writeFile(join(dist, 'static/js/main.1a2b.js'), SCRIPT);
  await writeFile(join(dist, 'static/js/main.1a2b.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dist, 'static/js/main.1a2b.js.gz'), gzipSync(SCRIPT));
  await mkdir(join(dist, 'static/css'), { recursive: true });
  await writeFile(join(dist, 'static/css/main.7a8b.css'), STYLE);
  await writeFile(join(dist, 'static/css/main.7a8b.css.br'), brotliCompressSync(STYLE));
  // A file the build left without compressed forms (too small).
  await writeFile(join(dist, 'static/js/tiny.3c4d.js'), SMALL.padEnd(2000, ' '));
  // A remote published without .br/.gz: publishing makes them.
  const remote = await writeDist(join(t.dir, 'dist-marketing'), { 'static/js/remote.5e6f.js': SCRIPT });
  const { version } = await createRemoteRegistry(t.config.dataDir, { database: t.database }).publishRemote('marketing', remote, {
    activate: true,
  });
  remoteFile = `/remotes/marketing/${version}/static/js/remote.5e6f.js`;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { accept: HTML, ...headers } });
const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};
const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

describe('immutable files: sent pre-compressed, never compressed per request', () => {
  it.each([
    ['br', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
    ['gzip, deflate, br', 'br', '.br'],
    ['gzip;q=1, br;q=0.5', 'gzip', '.gz'],
  ])('Accept-Encoding %s gets the %s file of a shell asset', async (accept, encoding, suffix) => {
    const res = await get('/static/js/main.1a2b.js', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res)).toBe(true);
    const file = await readFile(join(t.config.shellDist, `static/js/main.1a2b.js${suffix}`));
    expect(res.rawPayload.equals(file)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(file.length);
    expect(decoded(res)).toBe(SCRIPT);
  });

  it('a stylesheet keeps its type', async () => {
    const res = await get('/static/css/main.7a8b.css', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(decoded(res)).toBe(STYLE);
  });

  it('a client without Accept-Encoding (or refusing them) gets the identity bytes, with its own ETag', async () => {
    const br = await get('/static/js/main.1a2b.js', { 'accept-encoding': 'br' });
    const refusing: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of refusing) {
      const res = await get('/static/js/main.1a2b.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
      expect(varies(res)).toBe(true);
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers.etag).not.toBe(br.headers.etag);
    }
  });

  it('an immutable file without compressed forms is sent as it is, even to a client accepting br', async () => {
    const res = await get('/static/js/tiny.3c4d.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe('2000');
  });

  it('a remote version file is sent pre-compressed (made when it was published)', async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await get(remoteFile, { 'accept-encoding': accept as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(res)).toBe(true);
      expect(decoded(res)).toBe(SCRIPT);
    }
    const identity = await get(remoteFile);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
  });
});

describe('dynamic answers: compressed on the fly above the threshold', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
  ])('a page answer to Accept-Encoding %s', async (accept, encoding) => {
    const plain = await get('/en/buy');
    const res = await get('/en/buy', { 'accept-encoding': accept });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varies(res)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(decoded(res)).toBe(plain.body);
    // A revalidation of the compressed page still gets its 304.
    const again = await get('/en/buy', { 'accept-encoding': accept, 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('a page answer without Accept-Encoding is identity', async () => {
    const res = await get('/en/buy');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('API JSON and the sitemap', async () => {
    for (const url of ['/app-api/openapi.json', '/sitemap.xml']) {
      const plain = await get(url, { accept: '*/*' });
      expect(plain.rawPayload.length, url).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
      const res = await get(url, { accept: '*/*', 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(varies(res)).toBe(true);
      expect(decoded(res)).toBe(plain.body);
    }
  });

  it('leaves answers below the threshold alone', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('does not decode request bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ mobile: '13800138000', password: 'x' })),
    });
    expect(res.statusCode).toBe(400);
  });
});
