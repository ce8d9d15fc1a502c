import { splitLocale } from '../i18n/locales.ts';
import type { RemoteName } from '../registry/remotes.ts';
import { type ManifestRoute, routeShape } from './manifest.ts';

/** Who renders a page: the shell itself (auth screens) or one of the remotes. */
export type RouteOwner = 'shell' | RemoteName;

/** One page of the portal, as its owner declared it (a remote's manifest, or the shell's own). */
export interface RouteDef extends ManifestRoute {
  /** Path without locale prefix, React Router style (`/blog/:slug`); the same as `path`. */
  pattern: string;
  owner: RouteOwner;
  /** Only for logged-in users (access "member"). */
  requiresAuth: boolean;
  /** Logged-in users are sent home instead (access "guest"). */
  guestOnly: boolean;
}

export const routeDef = (route: ManifestRoute, owner: RouteOwner): RouteDef => ({
  ...route,
  pattern: route.path,
  owner,
  requiresAuth: route.access === 'member',
  guestOnly: route.access === 'guest',
});

const shellPage = (path: string, page: string): RouteDef =>
  routeDef(
    {
      path,
      layout: 'empty',
      access: 'guest',
      title: `shared.seo.${page}.title`,
      description: `shared.seo.${page}.description`,
      sitemap: false,
      indexable: true,
    },
    'shell',
  );

/**
 * The shell's own pages (SPEC section 2: login, register, forgot-password). Every other page comes
 * from the route manifest of a remote's served version.
 */
export const SHELL_ROUTES: readonly RouteDef[] = [
  shellPage('/login', 'login'),
  shellPage('/register', 'register'),
  shellPage('/forgot-password', 'forgotPassword'),
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

interface CompiledRoute {
  route: RouteDef;
  segments: string[];
}

/** Static segments before parameters, as React Router ranks them: `/blog/new` wins over `/blog/:slug`. */
const rank = (segments: string[]) => segments.filter((s) => !s.startsWith(':')).length;

function matchIn(compiled: readonly CompiledRoute[], pathWithoutLocale: string): RouteMatch | null {
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

/** The pages of one set of served versions, and the questions every part asks of them. */
export interface RouteTable {
  readonly routes: readonly RouteDef[];
  /**
   * The page a locale-less path shows, or null. Matches the way the shell's React Router does, so the
   * server's status agrees with what the browser renders: static segments case-insensitively,
   * trailing slashes ignored, `:param` is one non-empty segment. A query or hash must be removed.
   */
  match(pathWithoutLocale: string): RouteMatch | null;
  /** Whether a browser pathname (`/en/buy`, `/zh-CN/admin`, `/blog/x`) is a page of the portal. */
  isKnown(pathname: string): boolean;
  /**
   * How canonical URLs spell a page: the pattern's own spelling (`/Buy/` is `/buy`) with its
   * parameters percent-encoded; null when it is no page. `path` has no locale prefix.
   */
  canonicalPath(path: string): string | null;
}

/** A table of the shell's pages plus the remotes' (in that order of precedence on equal shapes). */
export function createRouteTable(remoteRoutes: Partial<Record<RemoteName, readonly ManifestRoute[]>> = {}): RouteTable {
  const routes: RouteDef[] = [...SHELL_ROUTES];
  for (const [owner, list] of Object.entries(remoteRoutes) as Array<[RemoteName, readonly ManifestRoute[]]>)
    for (const route of list) routes.push(routeDef(route, owner));
  const compiled = routes
    .map((route) => ({ route, segments: route.pattern === '/' ? [] : segmentsOf(route.pattern) }))
    .sort((a, b) => rank(b.segments) - rank(a.segments));
  const match = (path: string) => matchIn(compiled, path);
  return {
    routes,
    match,
    isKnown: (pathname) => match(splitLocale(pathname).path) !== null,
    canonicalPath(path) {
      const found = match(path);
      if (!found) return null;
      return found.route.pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(found.params[name] ?? ''));
    },
  };
}

export interface RouteConflict {
  path: string;
  owners: RouteOwner[];
}

/**
 * Paths claimed by more than one owner (any parameter name counts as the same path): a deploy that
 * would create one is refused, since which page a visitor got would depend on load order.
 */
export function routeConflicts(remoteRoutes: Partial<Record<RemoteName, readonly ManifestRoute[]>>): RouteConflict[] {
  const claims = new Map<string, { path: string; owners: RouteOwner[] }>();
  const claim = (path: string, owner: RouteOwner) => {
    const shape = routeShape(path);
    const entry = claims.get(shape) ?? { path, owners: [] };
    if (!entry.owners.includes(owner)) entry.owners.push(owner);
    claims.set(shape, entry);
  };
  for (const route of SHELL_ROUTES) claim(route.pattern, 'shell');
  for (const [owner, list] of Object.entries(remoteRoutes) as Array<[RemoteName, readonly ManifestRoute[]]>)
    for (const route of list) claim(route.path, owner);
  return [...claims.values()].filter((c) => c.owners.length > 1);
}
