import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES } from '../src/registry/remotes.ts';
import { createRouteTable, routeConflicts } from '../src/routes/route-table.ts';
import { buildRemoteManifest, pagesMismatch, readAllRouteSources } from './route-manifests.ts';

const sources = readAllRouteSources();
const table = createRouteTable(sources);

describe("the remotes' route manifests (routes.json)", () => {
  it('declare every page of SPEC section 2 once, with no path claimed twice', () => {
    // SPEC section 2, plus /terms, /privacy (accounts), /admin/dynamic/records (commerce) and
    // /admin/api-tokens (personal API tokens, issue 18), /admin/auth/personal/document and
    // /admin/auth/company/overseas (certification by document, issue 28), /status (network status,
    // issue 31), /admin/usage (the usage breakdown, issue 31), /admin/audit-log (the audit log, issue 32)
    // and /admin/team/join (accepting a team invitation, issue 32).
    expect(table.routes).toHaveLength(43);
    expect(table.routes.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/admin/api-tokens',
        '/admin/auth/personal/document',
        '/admin/auth/company/overseas',
        '/admin/usage',
        '/admin/audit-log',
      ]),
    );
    expect(routeConflicts(sources)).toEqual([]);
  });

  it("require login for /admin and below and for the pages of one's own orders", () => {
    const ownOrders = ['/order', '/h5/pay', '/h5/fail', '/h5/result', '/h5/success'];
    for (const r of table.routes.filter((r) => r.owner !== 'shell')) {
      const admin = r.pattern === '/admin' || r.pattern.startsWith('/admin/');
      expect(r.requiresAuth, r.pattern).toBe(admin || ownOrders.includes(r.pattern));
    }
  });

  it('split /admin between static-ip and user-center', () => {
    for (const r of table.routes.filter((r) => r.pattern.startsWith('/admin')))
      expect(r.owner, r.pattern).toBe(r.pattern.startsWith('/admin/static/') ? 'static-ip' : 'user-center');
  });

  it('list the public landing, content and buy pages in the sitemap, and keep /h5 and /order out of search', () => {
    expect(table.routes.filter((r) => r.sitemap).map((r) => r.pattern)).toEqual([
      '/',
      '/service',
      '/use-scene',
      '/terms',
      '/privacy',
      '/blog',
      '/dynamic-residential-proxies',
      '/static-residential-proxies',
      '/native-residential-proxies',
      '/status',
      '/buy',
    ]);
    for (const path of ['/order', '/h5', '/h5/pay']) expect(table.match(path)?.route.indexable, path).toBe(false);
  });

  it('give indexable pages a title within 60 characters with the site suffix and a description of 120-160 (English)', () => {
    for (const name of REMOTE_NAMES) {
      const manifest = buildRemoteManifest(name);
      for (const route of manifest.routes.filter((r) => r.indexable)) {
        expect(route.description, route.path).toBeTruthy();
        expect(`${manifest.messages.en[route.title]} - NovaProxy`.length, route.path).toBeLessThanOrEqual(60);
        const description = manifest.messages.en[route.description ?? ''] ?? '';
        expect(description.length, route.path).toBeGreaterThanOrEqual(120);
        expect(description.length, route.path).toBeLessThanOrEqual(160);
      }
    }
  });
});

describe('buildRemoteManifest', () => {
  it('carries the titles in both languages and what the remote resolved of the shared packages', () => {
    const manifest = buildRemoteManifest('checkout');
    expect(manifest.messages.en['shared.seo.buy.title']).toBeTruthy();
    expect(manifest.messages['zh-CN']['checkout.h5Pay.title']).toBeTruthy();
    expect(manifest.builtAgainst.react).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('pagesMismatch', () => {
  it('names declared paths without a page and pages without a declaration', () => {
    const routes = [{ path: '/a' }, { path: '/b' }] as unknown as Parameters<typeof pagesMismatch>[0];
    expect(pagesMismatch(routes, new Set(['/a', '/c']))).toEqual([
      '/b is declared in routes.json but src/routes.tsx has no page for it',
      'src/routes.tsx has a page for /c, which routes.json does not declare',
    ]);
  });
});
