// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp } from '@portal/shared/browser';
import { startApiServer } from '../test/api-server.ts';
import { serveWorkingTreeRoutes } from '../test/served-routes.ts';
import { decide, loginPath, safeReturnPath } from './guard.ts';

serveWorkingTreeRoutes();

const RULES: Record<string, string> = {
  '/spring-sale': '/buy',
  '/partner': 'https://partner.example.com/x',
  '/en-only': '/en/service',
  // The server refuses such a target; the guard holds even if one got through.
  '/odd-rule': '/en/\t/evil.example',
};
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer({
    '/app-api/system/redirect': (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').searchParams.get('path') ?? '';
      if (path === '/broken') return res.writeHead(500).end();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 0, data: { target: RULES[path] ?? null }, msg: '' }));
    },
  });
  configureHttp({ baseUrl: server.baseUrl });
});
afterAll(() => server.close());

const url = (path: string) => new URL(path, 'http://portal.test');

describe('route guard', () => {
  it("follows a relative server rule in the visitor's locale", async () => {
    expect(await decide(url('/en/spring-sale'), false)).toEqual({ kind: 'redirect', to: '/en/buy' });
    expect(await decide(url('/spring-sale'), false)).toEqual({ kind: 'redirect', to: '/buy' });
    expect(await decide(url('/en-only'), false)).toEqual({ kind: 'redirect', to: '/en/service' });
  });

  it('does a full redirect for an absolute target', async () => {
    expect(await decide(url('/partner'), true)).toEqual({ kind: 'external', url: 'https://partner.example.com/x' });
  });

  it('sends guests from /admin/** to login with the way back (the login page says why, no toast)', async () => {
    expect(await decide(url('/en/admin/static/list?page=2'), false)).toEqual({
      kind: 'redirect',
      to: '/en/login?redirect=%2Fen%2Fadmin%2Fstatic%2Flist%3Fpage%3D2',
    });
    expect(await decide(url('/order?package=3'), false)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Forder%3Fpackage%3D3',
    });
    expect(await decide(url('/admin/dashboard'), true)).toBeNull();
  });

  it('sends logged-in users away from login, register and forgot-password', async () => {
    expect(await decide(url('/en/register'), true)).toEqual({ kind: 'redirect', to: '/en' });
    expect(await decide(url('/forgot-password'), true)).toEqual({ kind: 'redirect', to: '/' });
    expect(await decide(url('/login'), false)).toBeNull();
  });

  it('never blocks a navigation when the lookup fails', async () => {
    expect(await decide(url('/broken'), false)).toBeNull();
  });

  it('only follows same-site return paths after login', () => {
    expect(safeReturnPath('/en/admin/dashboard')).toBe('/en/admin/dashboard');
    expect(safeReturnPath('//evil.example.com')).toBeNull();
    expect(safeReturnPath('https://evil.example.com')).toBeNull();
    expect(safeReturnPath('/\\evil.example.com')).toBeNull();
    expect(loginPath('/en/login')).toBe('/en/login');
  });

  // Each is what a crafted `?redirect=` gives after URLSearchParams decoded it once.
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/a/..//evil.example',
    'javascript:alert(1)',
    '',
  ])('ignores the return path %j after login (the default page instead)', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each(['/en/admin/static/list?page=2#top', '/blog/代理', '/buy?q=//x'])('follows the return path %j as it is', (value) => {
    expect(safeReturnPath(value)).toBe(value);
  });

  it.each([
    ['//evil.example/admin/x', '/login?redirect=%2Fevil.example%2Fadmin%2Fx'],
    ['/\\evil.example/x', '/login?redirect=%2Fevil.example%2Fx'],
    ['/%2F%2Fevil.example', '/login?redirect=%2Fevil.example'],
    ['/\t/evil.example?a=1', '/login?redirect=%2Fevil.example%3Fa%3D1'],
    ['/en//evil.example', '/en/login?redirect=%2Fen%2F%2Fevil.example'],
  ])('builds the way back to login from the made-up path %j on this site', (current, expected) => {
    expect(loginPath(current)).toBe(expected);
    const back = new URLSearchParams(expected.split('?')[1]).get('redirect');
    expect(safeReturnPath(back)).toBe(back);
  });

  it('drops control characters from a rule target with a locale prefix', async () => {
    expect(await decide(url('/odd-rule'), false)).toEqual({ kind: 'redirect', to: '/en//evil.example' });
  });
});
