import { LOCALES, type Locale, localizePath, type RouteDef, type RouteOwner, type RouteTable } from '@portal/shared';

/** Text for XML character data or a quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** W3C Datetime of the sitemap protocol, to the second in UTC: `2026-11-21T18:55:25Z`. */
export const w3cDate = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/**
 * The pages a search engine should find on its own: those whose owner's manifest lists them for the
 * sitemap (public, indexable, without parameters). Blog posts are added one by one.
 */
export function sitemapRoutes(table: RouteTable): RouteDef[] {
  return table.routes.filter((r) => r.sitemap);
}

export interface SitemapPage {
  /** Path without locale prefix, percent-encoded (`/blog/my-post`). */
  path: string;
  lastmod: Date;
}

export interface SitemapSources {
  /** The pages of the versions everyone is served. */
  table: RouteTable;
  posts: ReadonlyArray<{ slug: string; updatedAt: Date }>;
  /** When the live release of a page's owner was published; null when unknown. */
  releasedAt: (owner: RouteOwner) => Date | null;
  /** The fallback of releasedAt: the server's start. */
  startedAt: Date;
}

/**
 * Every page of the sitemap with its last modification:
 * - a post: its updatedAt;
 * - /blog: the newest post's updatedAt (the list changes with its posts), else as other pages;
 * - other pages: their content ships with the front end, so the time the live release of the
 *   remote that renders them was published (the registry's deployedAt of its current version;
 *   marketing for the landing pages, checkout for /buy); the server's start time when the
 *   registry does not say (dev remotes, no release published yet, unreadable registry).
 */
export function sitemapPages({ table, posts, releasedAt, startedAt }: SitemapSources): SitemapPage[] {
  const newest = posts.reduce<Date | null>((max, p) => (max && max >= p.updatedAt ? max : p.updatedAt), null);
  const pages = sitemapRoutes(table).map((route) => ({
    path: route.pattern,
    lastmod: (route.pattern === '/blog' && newest) || releasedAt(route.owner) || startedAt,
  }));
  const postPages = [...posts]
    .sort((a, b) => a.slug.localeCompare(b.slug))
    .map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt }));
  return [...pages, ...postPages];
}

/**
 * The sitemap document: one `<url>` per page and locale (Chinese unprefixed, English under /en), each
 * naming both language versions and the default (Chinese) as alternates.
 */
export function renderSitemap(base: string, pages: readonly SitemapPage[]): string {
  const url = (path: string, locale: Locale) => escapeXml(base + localizePath(path, locale));
  const entries = pages.flatMap(({ path, lastmod }) => {
    const alternates = [
      `    <xhtml:link rel="alternate" hreflang="zh-CN" href="${url(path, 'zh-CN')}"/>`,
      `    <xhtml:link rel="alternate" hreflang="en" href="${url(path, 'en')}"/>`,
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path, 'zh-CN')}"/>`,
    ];
    return LOCALES.map((locale) =>
      [
        '  <url>',
        `    <loc>${url(path, locale)}</loc>`,
        `    <lastmod>${w3cDate(lastmod)}</lastmod>`,
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
