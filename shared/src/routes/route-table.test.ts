import { describe, expect, it } from 'vitest';
import { isKnownRoute, matchRoute, ROUTE_TABLE } from './route-table.ts';

describe('ROUTE_TABLE', () => {
  it('lists every page of SPEC section 2 once', () => {
    const patterns = ROUTE_TABLE.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    // SPEC section 2, plus /terms, /privacy (accounts) and /admin/dynamic/records (commerce).
    expect(patterns).toHaveLength(36);
    for (const p of ['/', '/h5/success', '/blog/:slug', '/admin', '/admin/static/components/IPManagement']) {
      expect(patterns).toContain(p);
    }
  });

  it('gives the auth screens to the shell, guest-only', () => {
    const guests = ROUTE_TABLE.filter((r) => r.guestOnly);
    expect(guests.map((r) => r.pattern)).toEqual(['/login', '/register', '/forgot-password']);
    expect(guests.every((r) => r.owner === 'shell' && !r.requiresAuth)).toBe(true);
  });

  it("requires login for /admin and below and for the pages of one's own orders", () => {
    const ownOrders = ['/order', '/h5/pay', '/h5/fail', '/h5/result', '/h5/success'];
    for (const r of ROUTE_TABLE) {
      const admin = r.pattern === '/admin' || r.pattern.startsWith('/admin/');
      expect(r.requiresAuth, r.pattern).toBe(admin || ownOrders.includes(r.pattern));
    }
  });

  it('splits /admin between static-ip and user-center', () => {
    for (const r of ROUTE_TABLE.filter((r) => r.pattern.startsWith('/admin'))) {
      expect(r.owner, r.pattern).toBe(r.pattern.startsWith('/admin/static/') ? 'static-ip' : 'user-center');
    }
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', '/', 'marketing'],
    ['/buy', '/buy', 'checkout'],
    ['/h5/pay', '/h5/pay', 'checkout'],
    ['/login', '/login', 'shell'],
    ['/admin', '/admin', 'user-center'],
    ['/admin/static/list', '/admin/static/list', 'static-ip'],
    ['/native-residential-proxies', '/native-residential-proxies', 'marketing'],
  ])('%s → %s (%s)', (path, pattern, owner) => {
    expect(matchRoute(path)?.route).toMatchObject({ pattern, owner });
  });

  it('reads :param segments, percent-decoded', () => {
    expect(matchRoute('/blog/hello-world')).toMatchObject({ route: { pattern: '/blog/:slug' }, params: { slug: 'hello-world' } });
    expect(matchRoute('/blog/%E4%BB%A3%E7%90%86')?.params).toEqual({ slug: '代理' });
    expect(matchRoute('/blog/%E0%A4%A')?.params).toEqual({ slug: '%E0%A4%A' });
  });

  it('ignores trailing slashes and the case of static segments, like React Router', () => {
    expect(matchRoute('/buy/')?.route.pattern).toBe('/buy');
    expect(matchRoute('/admin/static/components/orderlist')?.route.pattern).toBe('/admin/static/components/OrderList');
    expect(matchRoute('//')?.route.pattern).toBe('/');
  });

  it.each(['/nope', '/admin/nope', '/blog/a/b', '/h5/other', '/buyer', 'buy', '', '/blog//x', '/en/buy'])(
    'knows no %j',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );
});

describe('isKnownRoute', () => {
  it('strips the /en and /zh-CN prefixes', () => {
    for (const path of ['/', '/en', '/en/', '/zh-CN', '/en/buy', '/zh-CN/admin/dashboard', '/en/blog/post-1', '/admin']) {
      expect(isKnownRoute(path), path).toBe(true);
    }
  });

  it('rejects unknown pages under any locale', () => {
    for (const path of ['/en/nope', '/zh-CN/admin/nope', '/admin/nope', '/english/buy', '/en/en/buy']) {
      expect(isKnownRoute(path), path).toBe(false);
    }
  });
});
