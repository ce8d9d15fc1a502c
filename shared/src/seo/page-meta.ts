/**
 * Which message keys give each public page its title and description, one map for the server (the
 * `<title>`, description and Open Graph tags it writes into index.html, server/src/modules/seo) and
 * the front end (a page's route `handle.titleId`), so the title a crawler reads without JavaScript
 * and the one the browser shows are the same string. The messages live in the shared catalog
 * (`shared/src/i18n/messages/*.json`, merged into every page's catalog by the shell).
 */
import { matchRoute } from '../routes/route-table.ts';

/** Route pattern of the shared route table (ROUTE_TABLE) → page key of its `shared.seo.<page>.*` messages. */
export const PAGE_META_KEYS = {
  '/': 'home',
  '/service': 'service',
  '/use-scene': 'useScene',
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/blog': 'blog',
  // Fallbacks: a post's own title and summary come first (the server reads them from the database).
  '/blog/:slug': 'blogPost',
  '/dynamic-residential-proxies': 'dynamic',
  '/static-residential-proxies': 'static',
  '/native-residential-proxies': 'native',
  '/buy': 'buy',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgotPassword',
} as const satisfies Record<string, string>;

export type PageMetaPattern = keyof typeof PAGE_META_KEYS;
/** A page with its own title and description, plus `notFound` (the 404 answer of any unknown path). */
export type PageMetaKey = (typeof PAGE_META_KEYS)[PageMetaPattern] | 'notFound';

export interface PageMetaIds {
  titleId: `shared.seo.${PageMetaKey}.title`;
  descriptionId: `shared.seo.${PageMetaKey}.description`;
}

/** The message ids of a page key: `shared.seo.<page>.title` and `shared.seo.<page>.description`. */
export const pageMetaIds = (page: PageMetaKey): PageMetaIds => ({
  titleId: `shared.seo.${page}.title`,
  descriptionId: `shared.seo.${page}.description`,
});

/** The message ids of a route pattern (`/blog/:slug`), or null for pages without their own (e.g. /admin). */
export function pageMetaFor(pattern: string): PageMetaIds | null {
  const page = (PAGE_META_KEYS as Record<string, PageMetaKey | undefined>)[pattern];
  return page ? pageMetaIds(page) : null;
}

/** The message ids of the 404 answer (title 'Page Not Found', localized). */
export const NOT_FOUND_META: PageMetaIds = pageMetaIds('notFound');

/**
 * How canonical URLs spell a page: the route pattern's own spelling (static segments match
 * case-insensitively and trailing slashes are ignored, so `/Buy/` is `/buy`) with its parameters
 * percent-encoded. `path` has no locale prefix and may still be percent-encoded; null when it is no
 * page of the route table. The server's head and the shell's HeadLinks both use it.
 */
export function canonicalPath(path: string): string | null {
  const match = matchRoute(path);
  if (!match) return null;
  const { pattern } = match.route;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(match.params[name] ?? ''));
}
