import { splitLocale } from '../i18n/locales.ts';
import type { RemoteName } from '../registry/remotes.ts';

/** Who renders a page: the shell itself (auth screens) or one of the remotes. */
export type RouteOwner = 'shell' | RemoteName;

export interface RouteDef {
  /** Path without locale prefix, React Router style (`/blog/:slug`). */
  pattern: string;
  owner: RouteOwner;
  /** Only for logged-in users (SPEC section 6: /admin and everything below it). */
  requiresAuth: boolean;
  /** Logged-in users are sent home instead (SPEC section 2: login, register, forgot-password). */
  guestOnly: boolean;
}

const page = (pattern: string, owner: RouteOwner): RouteDef => ({ pattern, owner, requiresAuth: false, guestOnly: false });
const guest = (pattern: string): RouteDef => ({ pattern, owner: 'shell', requiresAuth: false, guestOnly: true });
/** Pages about one's own orders and payments: login first, then back. */
const member = (pattern: string, owner: RouteOwner): RouteDef => ({ pattern, owner, requiresAuth: true, guestOnly: false });
const admin = (pattern: string, owner: 'user-center' | 'static-ip'): RouteDef => ({
  pattern,
  owner,
  requiresAuth: true,
  guestOnly: false,
});

/**
 * Every page of the portal (SPEC section 2), one source for the server (HTTP 404 for anything else)
 * and the front end (ownership, guards). `/sitemap.xml` is a server document, not a page.
 */
export const ROUTE_TABLE: readonly RouteDef[] = [
  page('/', 'marketing'),
  page('/service', 'marketing'),
  page('/use-scene', 'marketing'),
  // Linked from registration (accounts issue): the agreement users accept.
  page('/terms', 'marketing'),
  page('/privacy', 'marketing'),
  page('/blog', 'marketing'),
  page('/blog/:slug', 'marketing'),
  page('/dynamic-residential-proxies', 'marketing'),
  page('/static-residential-proxies', 'marketing'),
  page('/native-residential-proxies', 'marketing'),

  guest('/login'),
  guest('/register'),
  guest('/forgot-password'),

  page('/buy', 'checkout'),
  member('/order', 'checkout'),
  page('/h5', 'checkout'),
  member('/h5/pay', 'checkout'),
  member('/h5/fail', 'checkout'),
  member('/h5/result', 'checkout'),
  member('/h5/success', 'checkout'),

  admin('/admin', 'user-center'),
  admin('/admin/account', 'user-center'),
  admin('/admin/dashboard', 'user-center'),
  admin('/admin/auth', 'user-center'),
  admin('/admin/auth/company', 'user-center'),
  admin('/admin/auth/personal', 'user-center'),
  admin('/admin/dynamic/buy', 'user-center'),
  admin('/admin/dynamic/list', 'user-center'),
  // Hourly deduction records of dynamic traffic (SPEC section 1: users view deduction records).
  admin('/admin/dynamic/records', 'user-center'),
  admin('/admin/account-password-auth', 'user-center'),
  admin('/admin/help-center', 'user-center'),

  admin('/admin/static/buy', 'static-ip'),
  admin('/admin/static/list', 'static-ip'),
  admin('/admin/static/management', 'static-ip'),
  admin('/admin/static/components/OrderList', 'static-ip'),
  admin('/admin/static/components/IPManagement', 'static-ip'),
];

export interface RouteMatch {
  route: RouteDef;
  /** Values of the `:param` segments, percent-decoded. */
  params: Record<string, string>;
}

// Percent-decoding like React Router: a malformed escape stays as it is instead of throwing.
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const segmentsOf = (path: string) => path.split('/').slice(1);

const compiled = ROUTE_TABLE.map((route) => ({ route, segments: route.pattern === '/' ? [] : segmentsOf(route.pattern) }));

/**
 * The page a locale-less path shows, or null. Matches the way the shell's React Router does, so the
 * server's status agrees with what the browser renders: static segments case-insensitively, trailing
 * slashes ignored, `:param` is one non-empty segment. A query or hash must already be removed.
 */
export function matchRoute(pathWithoutLocale: string): RouteMatch | null {
  if (!pathWithoutLocale.startsWith('/')) return null;
  const trimmed = pathWithoutLocale.replace(/\/+$/, '');
  const segments = trimmed === '' ? [] : segmentsOf(trimmed).map(decodeSegment);
  for (const { route, segments: pattern } of compiled) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((part, i) => {
      const actual = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = actual;
        return actual !== '';
      }
      return part.toLowerCase() === actual.toLowerCase();
    });
    if (matched) return { route, params };
  }
  return null;
}

/** Whether a browser pathname (`/en/buy`, `/zh-CN/admin`, `/blog/x`) is a page of the portal. */
export function isKnownRoute(pathname: string): boolean {
  return matchRoute(splitLocale(pathname).path) !== null;
}
