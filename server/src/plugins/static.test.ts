import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { acceptsHtml, isClientRoute } from './static.ts';

const INDEX = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const dist = t.config.shellDist;
  await mkdir(join(dist, 'static/js'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'static/js/main.3f9a1c.js'), 'console.log(1)');
  await writeFile(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => t.close());

const get = (url: string, accept = HTML) => t.app.inject({ url, headers: { accept } });

describe('shell static files', () => {
  it('serves hashed assets under /static with an immutable cache', async () => {
    const res = await get('/static/js/main.3f9a1c.js', '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const res = await get('/logo.svg', 'image/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toContain('immutable');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers a plain 404 for a missing file, even to a browser', async () => {
    for (const url of ['/static/js/gone.js', '/favicon.ico', '/static/', '/static/js/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('Not Found');
    }
  });
});

describe('SPA fallback', () => {
  it.each(['/', '/buy', '/en/admin/dashboard', '/zh-CN/blog/some-post', '/admin/static/management?tab=1'])(
    'answers %s with index.html, no-cache',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves index.html no-cache when asked for by name', async () => {
    const res = await get('/index.html');
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/app-api/unknown', '/remotes/marketing', '/remotes', '/sandbox/cashier'])(
    'never answers %s with the shell',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<title>portal</title>');
    },
  );

  it('answers 404 to callers that do not accept HTML', async () => {
    const res = await get('/buy', 'application/json');
    expect(res.statusCode).toBe(404);
  });

  it('answers 503 with a short text while the shell is not built', async () => {
    await rm(join(t.config.shellDist, 'index.html'));
    try {
      const res = await get('/buy');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/not built/);
    } finally {
      await writeFile(join(t.config.shellDist, 'index.html'), INDEX);
    }
  });
});

describe('helpers', () => {
  it.each([
    [undefined, true],
    ['*/*', true],
    [HTML, true],
    ['text/*', true],
    ['application/json', false],
    ['text/html;q=0', false],
  ])('acceptsHtml(%s) is %s', (accept, expected) => {
    expect(acceptsHtml(accept)).toBe(expected);
  });

  it('treats every path as a client route until the route table exists', () => {
    expect(isClientRoute('/anything')).toBe(true);
  });
});
