import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createTestUser, loginToken } from '../test/members.ts';
import { CSP_REPORT_PATH } from './security-headers.ts';

const INDEX =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>NovaProxy</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    remotes: true,
    env: {
      ANALYTICS_SCRIPT_URL: 'https://analytics.example.com/script.js',
      PUBLIC_API_BASE_URL: 'https://api.example.com',
    },
  });
  https = await createTestApp({ remotes: true, database: t.database, env: { PUBLIC_BASE_URL: 'https://novaproxy.test' } });
  for (const app of [t, https]) {
    await mkdir(app.config.shellDist, { recursive: true });
    await writeFile(join(app.config.shellDist, 'index.html'), INDEX);
  }
});
afterAll(async () => {
  await https.close();
  await t.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

const page = (app: TestApp, url = '/en/buy') => app.app.inject({ url, headers: { accept: 'text/html' } });

describe('HTML pages', () => {
  it('carry a CSP of this origin, the analytics and API origins, and a fresh script nonce', async () => {
    const [a, b] = [await page(t), await page(t)];
    expect(a.statusCode).toBe(200);
    const csp = directives(a.headers['content-security-policy']);
    const nonce = csp['script-src']?.find((v) => v.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
    expect(csp['script-src']).toEqual(["'self'", nonce, 'https://analytics.example.com']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com', 'https://analytics.example.com']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https://analytics.example.com', 'https://api.example.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['report-uri']).toEqual([CSP_REPORT_PATH]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
    // A new nonce per answer; the page body (and so its ETag) does not change with it.
    expect(directives(b.headers['content-security-policy'])['script-src']).not.toContain(nonce);
    expect(a.headers.etag).toBe(b.headers.etag);
  });

  it('carry nosniff, the referrer and permissions policies, no framing; HSTS only over https', async () => {
    const res = await page(t);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(res.headers['permissions-policy']).toContain(`${feature}=()`);
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const secure = await page(https);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(secure.headers['content-security-policy'])['upgrade-insecure-requests']).toEqual([]);
  });

  it('the sandbox cashier and outbox keep their own stricter policy, also against framing', async () => {
    const outbox = await t.app.inject({ url: '/sandbox/outbox' });
    expect(directives(outbox.headers['content-security-policy'])).toMatchObject({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(outbox.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the API', () => {
  it('answers nosniff everywhere and no-store to authenticated calls', async () => {
    const user = await createTestUser(t.app.db);
    const token = await loginToken(t.app, user.mobile as string, user.password);
    const mine = await t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().code).toBe(0);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    const anonymous = await t.app.inject({ url: '/app-api/system/client-config' });
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    expect(anonymous.headers['cache-control']).toBeUndefined();
    // JSON is never a document that runs anything: the strictest policy, and no nonce to make.
    for (const res of [mine, anonymous]) {
      expect(directives(res.headers['content-security-policy'])).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
    const secure = await https.app.inject({ url: '/app-api/system/client-config' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('the documentation pages (Swagger UI of both OpenAPI documents)', () => {
  const DOCS_CSP = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
  };

  it.each([
    ['/app-api/docs', '/app-api/docs/json', '/app-api/member/auth/login'],
    ['/app-api/docs/', '/app-api/docs/json', '/app-api/member/auth/login'],
    ['/api/v1/docs', '/api/v1/docs/json', '/api/v1/usage'],
    ['/api/v1/docs/', '/api/v1/docs/json', '/api/v1/usage'],
  ])(
    '%s gets a page CSP that runs its own files (not the API policy), and references only such files',
    async (url, json, operation) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp).toEqual(DOCS_CSP);
      const api = await t.app.inject('/app-api/system/client-config');
      expect(res.headers['content-security-policy']).not.toBe(api.headers['content-security-policy']);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Nothing inline, which the policy would block: every script and style is a file of this origin.
      expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
      expect(res.body).not.toMatch(/<style\b|\sstyle=/i);
      const files = [...res.body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map(
        (m) => new URL(m[1] ?? '', `http://x${url}`).pathname,
      );
      expect(files.length).toBeGreaterThanOrEqual(5);
      for (const file of files) expect((await t.app.inject(file)).statusCode, file).toBe(200);
      // The document the page shows.
      const doc = await t.app.inject(json);
      expect(doc.statusCode).toBe(200);
      expect(Object.keys(doc.json().paths)).toContain(operation);
    },
  );

  it('asks browsers to upgrade to https when the portal is served over https', async () => {
    const res = await https.app.inject('/api/v1/docs/');
    expect(directives(res.headers['content-security-policy'])).toEqual({ ...DOCS_CSP, 'upgrade-insecure-requests': [] });
  });

  it('leaves the API and the documents themselves (JSON) to the strict API policy', async () => {
    for (const url of ['/app-api/openapi.json', '/api/v1/openapi.json', '/app-api/docsx', '/api/v1/usage']) {
      const res = await t.app.inject(url);
      expect(directives(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
    }
  });
});

describe(`POST ${CSP_REPORT_PATH}`, () => {
  it('takes reports in both browser formats (logged, at most 60 a minute), answers 204, refuses floods of bytes', async () => {
    const { app } = t;
    const legacy = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:8080/en',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'inline',
          'script-sample': 'window.__pwned=1',
        },
      }),
    });
    expect(legacy.statusCode).toBe(204);
    const modern = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([
        {
          type: 'csp-violation',
          body: { documentURL: 'http://localhost:8080/', effectiveDirective: 'script-src-elem', blockedURL: 'inline' },
        },
      ]),
    });
    expect(modern.statusCode).toBe(204);
    const garbage = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'nonsense',
    });
    expect(garbage.statusCode).toBe(204);
    const huge = await app.inject({
      method: 'POST',
      url: CSP_REPORT_PATH,
      headers: { 'content-type': 'application/csp-report' },
      payload: 'x'.repeat(64 * 1024),
    });
    expect(huge.statusCode).toBe(413);
  });
});
