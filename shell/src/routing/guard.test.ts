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

  it('sends guests from /admin/** to login with the way back, and says why', async () => {
    expect(await decide(url('/en/admin/static/list?page=2'), false)).toEqual({
      kind: 'redirect',
      to: '/en/login?redirect=%2Fen%2Fadmin%2Fstatic%2Flist%3Fpage%3D2',
      notice: 'guard.loginFirst',
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
});
