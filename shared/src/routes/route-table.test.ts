import { describe, expect, it } from 'vitest';
import type { ManifestRoute } from './manifest.ts';
import { createRouteTable, routeConflicts, SHELL_ROUTES } from './route-table.ts';

const page = (path: string, extra: Partial<ManifestRoute> = {}): ManifestRoute => ({
  path,
  layout: path.startsWith('/admin') ? 'admin' : 'default',
  access: path.startsWith('/admin') ? 'member' : 'public',
  title: 't',
  sitemap: false,
  indexable: !path.startsWith('/admin'),
  ...extra,
});

const table = createRouteTable({
  marketing: [page('/'), page('/blog'), page('/blog/:slug'), page('/blog/archive')],
  checkout: [page('/buy'), page('/h5/success', { access: 'member', indexable: false, layout: 'empty' })],
  'user-center': [page('/admin'), page('/admin/dashboard')],
  'static-ip': [page('/admin/static/components/OrderList')],
});

describe('SHELL_ROUTES', () => {
  it('are the auth screens, guest-only, owned by the shell', () => {
    expect(SHELL_ROUTES.map((r) => r.pattern)).toEqual(['/login', '/register', '/forgot-password']);
    expect(SHELL_ROUTES.every((r) => r.owner === 'shell' && r.guestOnly && !r.requiresAuth && r.layout === 'empty')).toBe(true);
  });
});

describe('createRouteTable', () => {
  it('holds the shell pages and every remote page with its owner and access', () => {
    expect(table.routes).toHaveLength(3 + 9);
    expect(table.match('/h5/success')?.route).toMatchObject({ owner: 'checkout', requiresAuth: true, guestOnly: false });
    expect(table.match('/login')?.route).toMatchObject({ owner: 'shell', guestOnly: true });
    expect(table.match('/admin/dashboard')?.route.owner).toBe('user-center');
  });

  it('matches parameters percent-decoded, and a malformed escape as it is', () => {
    expect(table.match('/blog/hello-world')).toMatchObject({
      route: { pattern: '/blog/:slug' },
      params: { slug: 'hello-world' },
    });
    expect(table.match('/blog/%E4%BB%A3%E7%90%86')?.params).toEqual({ slug: '代理' });
    expect(table.match('/blog/%E0%A4%A')?.params).toEqual({ slug: '%E0%A4%A' });
  });

  it('prefers a static segment over a parameter, as React Router does', () => {
    expect(table.match('/blog/archive')?.route.pattern).toBe('/blog/archive');
  });

  it('ignores case of static segments and trailing slashes', () => {
    expect(table.match('/buy/')?.route.pattern).toBe('/buy');
    expect(table.match('/admin/static/components/orderlist')?.route.pattern).toBe('/admin/static/components/OrderList');
    expect(table.match('//')?.route.pattern).toBe('/');
  });

  it('knows pages under every locale prefix and nothing else', () => {
    for (const path of ['/', '/en', '/zh-CN/admin', '/en/blog/post-1', '/h5/success', '/en/login'])
      expect(table.isKnown(path), path).toBe(true);
    for (const path of ['/anything', '/en/nope', '/admin/nope', '/blog/a/b']) expect(table.isKnown(path), path).toBe(false);
  });

  it('spells canonical paths as the pattern does, parameters encoded', () => {
    expect(table.canonicalPath('/Buy/')).toBe('/buy');
    expect(table.canonicalPath('/blog/%E4%BB%A3%E7%90%86')).toBe('/blog/%E4%BB%A3%E7%90%86');
    expect(table.canonicalPath('/nope')).toBeNull();
  });

  it('without remotes knows only the shell pages', () => {
    const bare = createRouteTable();
    expect(bare.isKnown('/en/register')).toBe(true);
    expect(bare.isKnown('/buy')).toBe(false);
  });
});

describe('routeConflicts', () => {
  it('names every owner of a path claimed twice, whatever the parameter is called or the case', () => {
    expect(
      routeConflicts({
        marketing: [page('/blog/:slug'), page('/Offers')],
        checkout: [page('/blog/:id'), page('/buy')],
        'static-ip': [page('/offers')],
      }),
    ).toEqual([
      { path: '/blog/:slug', owners: ['marketing', 'checkout'] },
      { path: '/Offers', owners: ['marketing', 'static-ip'] },
    ]);
  });

  it('counts the shell pages too', () => {
    expect(routeConflicts({ marketing: [page('/login')] })).toEqual([{ path: '/login', owners: ['shell', 'marketing'] }]);
    expect(routeConflicts({ marketing: [page('/')], checkout: [page('/buy')] })).toEqual([]);
  });
});
