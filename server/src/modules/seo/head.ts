import { readFile, stat } from 'node:fs/promises';
import {
  type Catalog,
  DEFAULT_DESCRIPTION_ID,
  isRemoteName,
  type Locale,
  localizePath,
  NOT_FOUND_META,
  type RemoteName,
  SSR_RENDERED_FOR_ATTRIBUTE,
  SSR_STATE_ELEMENT_ID,
  splitLocale,
} from '@portal/shared';
import { sharedMessages } from '@portal/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sharedInFlight } from '../../lib/in-flight.ts';
import type { PreloadHint } from '../remotes/preloads.ts';
import type { ServedSet } from '../remotes/served.ts';
import type { RenderedPage } from '../ssr/page-renderer.ts';
import type { PostMeta, SeoContent } from './content.ts';
import { DEFAULT_SITE } from '../system/seed.ts';
import { getWebsite } from '../system/service.ts';

/** Text for an HTML text node or a double- or single-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Everything the server writes into the head of one page answer. */
export interface PageHead {
  locale: Locale;
  /** The document title: "{page title} - {site name}", or the site name alone. */
  title: string;
  /** The page's own title (og:title). */
  pageTitle: string;
  description: string;
  siteName: string;
  /** Absolute URLs of the page in each locale; null on the 404 answer (no page to point at). */
  urls: Record<Locale, string> | null;
  noindex: boolean;
  article: { publishedAt: Date; updatedAt: Date; tags: string[] } | null;
  /** Files of the page's remote to fetch at once (its entry, routes and page chunks); none for the shell's pages. */
  preloads?: PreloadHint[];
}

const OG_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', en: 'en_US' };
const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'zh-CN' : 'en');

/**
 * `<link rel="preload">` for each hint: a remote's entry and chunks are classic scripts the
 * federation runtime adds without `crossorigin` (so `as="script"`, no crossorigin, or the browser
 * would fetch them twice); its manifest is read with `fetch()`, which preloads only as a CORS
 * request (`as="fetch" crossorigin`). Not `modulepreload`: these are not ES modules.
 */
export function preloadTags(hints: readonly PreloadHint[]): string[] {
  return hints.map((hint) =>
    hint.as === 'fetch'
      ? `<link rel="preload" as="fetch" href="${escapeHtml(hint.href)}" crossorigin>`
      : `<link rel="preload" as="script" href="${escapeHtml(hint.href)}">`,
  );
}

/**
 * The tags of a page head. Canonical and alternate links carry `data-portal-head`, the mark of the
 * shell's HeadLinks, which replaces them (not adds a second set) when the client navigates.
 */
export function headTags(head: PageHead): string {
  const e = escapeHtml;
  const tags = [`<title>${e(head.title)}</title>`, `<meta name="description" content="${e(head.description)}">`];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  if (head.urls) {
    const { urls } = head;
    tags.push(
      `<link rel="canonical" href="${e(urls[head.locale])}" data-portal-head>`,
      `<link rel="alternate" hreflang="zh-CN" href="${e(urls['zh-CN'])}" data-portal-head>`,
      `<link rel="alternate" hreflang="en" href="${e(urls.en)}" data-portal-head>`,
      // Chinese is the default language of the portal (unprefixed URLs).
      `<link rel="alternate" hreflang="x-default" href="${e(urls['zh-CN'])}" data-portal-head>`,
    );
  }
  tags.push(
    `<meta property="og:type" content="${head.article ? 'article' : 'website'}">`,
    `<meta property="og:title" content="${e(head.pageTitle)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
  );
  if (head.urls) tags.push(`<meta property="og:url" content="${e(head.urls[head.locale])}">`);
  tags.push(
    `<meta property="og:site_name" content="${e(head.siteName)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[head.locale]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[otherLocale(head.locale)]}">`,
  );
  if (head.article) {
    tags.push(
      `<meta property="article:published_time" content="${head.article.publishedAt.toISOString()}">`,
      `<meta property="article:modified_time" content="${head.article.updatedAt.toISOString()}">`,
      ...head.article.tags.map((tag) => `<meta property="article:tag" content="${e(tag)}">`),
    );
  }
  tags.push('<meta name="twitter:card" content="summary">');
  tags.push(...preloadTags(head.preloads ?? []));
  return tags.join('\n    ');
}

/** index.html prepared once for head injection (see compileTemplate). */
export interface IndexTemplate {
  /**
   * `page`: server-rendered markup for #root and the data it was rendered with (modules/ssr);
   * `renderedFor`: the path it was rendered for when that is not the requested one (the 404 page,
   * another spelling of a page), so the browser renders afresh instead of hydrating it.
   */
  render(locale: Locale, tags: string, page?: RenderedPage | null, renderedFor?: string): string;
}

const ROOT = /<div id="root"><\/div>/i;

/**
 * The state goes in a JSON data block (not executed, so the CSP has nothing to allow); its `<` are
 * escaped (RenderedPage.state) so no text in the data can close the element.
 */
const stateBlock = (state: string) => `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${state}</script>`;

const LANG_ATTR = /\s+lang\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi;
/** Whatever the build put in the head for these is replaced by the page's own (with its line's indentation). */
const REPLACED_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi,
  /<meta\b[^>]*\bname\s*=\s*["']?(?:description|robots|twitter:[\w:]+)(?=["'\s/>])[^>]*>/gi,
  /<meta\b[^>]*\bproperty\s*=\s*["']?(?:og|article):[^>]*>/gi,
  /<link\b[^>]*\brel\s*=\s*["']?canonical(?=["'\s/>])[^>]*>/gi,
  /<link\b[^>]*\bhreflang\s*=[^>]*>/gi,
].map((tag) => new RegExp(`[ \\t]*${tag.source}[ \\t]*(?:\\r?\\n)?`, 'gi'));
const TITLE = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i;

/**
 * Splits the shell's index.html around the places a page answer fills in: the `lang` of `<html>`
 * and the head tags (where the build's `<title>` was, else before `</head>`). Done once per build, so
 * answering a page is string concatenation.
 */
export function compileTemplate(html: string): IndexTemplate {
  const htmlTag = /<html\b([^>]*)>/i.exec(html);
  const open = htmlTag ? `${html.slice(0, htmlTag.index)}<html${(htmlTag[1] ?? '').replace(LANG_ATTR, '')}` : null;
  const rest = htmlTag ? html.slice(htmlTag.index + htmlTag[0].length) : html;
  // The head tags go where the build's title was, so they stay after <meta charset>.
  const title = TITLE.exec(rest);
  let before = title ? rest.slice(0, title.index) : rest;
  let after = title ? rest.slice(title.index + title[0].length) : '';
  if (!title) {
    const at = Math.max(rest.search(/<\/head\s*>/i), 0);
    before = rest.slice(0, at);
    after = rest.slice(at);
  }
  const strip = (part: string) => REPLACED_TAGS.reduce((text, pattern) => text.replace(pattern, ''), part);
  before = strip(before);
  after = strip(after);
  const root = ROOT.exec(after);
  const bodyStart = root ? after.slice(0, root.index) : after;
  const bodyEnd = root ? after.slice(root.index + root[0].length) : '';
  // A rendered page's styles go last in the head.
  const headEnd = Math.max(bodyStart.search(/<\/head\s*>/i), 0);
  const withStyles = (styles: string) => bodyStart.slice(0, headEnd) + styles + bodyStart.slice(headEnd);
  return {
    render: (locale, tags, page, renderedFor) =>
      `${open === null ? '' : `${open} lang="${locale}">`}${before}${tags}${
        page && root
          ? `${withStyles(page.styles)}<div id="root"${renderedFor ? ` ${SSR_RENDERED_FOR_ATTRIBUTE}="${escapeHtml(renderedFor)}"` : ''}>${page.html}</div>${stateBlock(page.state)}${bodyEnd}`
          : after
      }`,
  };
}

/**
 * The compiled index.html of `file`, read again only when the file changes (a new shell build is
 * answered at once): one stat per page answer (shared by answers made at once), no read. null while there is no such file.
 */
export function indexTemplateLoader(file: string): () => Promise<IndexTemplate | null> {
  let cached: { key: string; template: IndexTemplate } | null = null;
  const missing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');
  // Requests arriving together share one stat.
  const version = sharedInFlight(async () => {
    const info = await stat(file);
    return `${info.mtimeMs}:${info.size}:${info.ino}`;
  });
  return async () => {
    let key: string;
    try {
      key = await version();
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    if (cached?.key === key) return cached.template;
    try {
      cached = { key, template: compileTemplate(await readFile(file, 'utf8')) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    return cached.template;
  };
}

/** Pages kept out of search results: behind login, the mobile payment flow, the order page. */
/** The separator of the shell's DocumentTitle ("title.suffix": "{title} - {site}"), in both languages. */
export const documentTitle = (title: string, site: string) => `${title} - ${site}`;

export interface PageHeadContext {
  db: Db;
  content: Pick<SeoContent, 'findPostMeta'>;
  /** The request's host name: the substation whose name titles the page. */
  hostname: string;
  /** The public origin of absolute URLs (app.publicOrigins, plugins/public-origin.ts). */
  base: string;
  log: FastifyBaseLogger;
  /** The remote versions this visitor is served: which pages exist, their titles. */
  served: ServedSet;
  /** Preload hints of a remote's page (modules/remotes/preloads.ts); none when absent. */
  preloads?: (owner: RemoteName, version: string, pattern: string, log: FastifyBaseLogger) => Promise<PreloadHint[]>;
}

/** The site's name in `locale`: one query on site_settings; the default site's if that fails. */
async function siteName(ctx: PageHeadContext, locale: Locale): Promise<string> {
  try {
    return (await getWebsite(ctx.db, ctx.hostname)).name[locale];
  } catch (err) {
    ctx.log.warn({ err }, 'site settings lookup failed; titling the page with the default site name');
    return DEFAULT_SITE.name[locale];
  }
}

/**
 * The status and head of a page answer for `path` (still percent-encoded, with any locale prefix).
 * A path outside the route table, or a blog post that does not exist in that language, is a 404
 * with the localized not-found title and noindex; the shell renders its 404 page for it.
 */
export async function resolvePageHead(ctx: PageHeadContext, path: string): Promise<{ status: 200 | 404; head: PageHead }> {
  const { locale, path: bare } = splitLocale(path);
  const messages: Catalog = sharedMessages[locale];
  // A manifest's texts first: a remote can title a page the shared catalog has never heard of.
  const text = (id: string) => ctx.served.text(id, locale) ?? messages[id] ?? '';
  const match = ctx.served.table.match(bare);
  const owner = match?.route.owner;
  const version = owner && isRemoteName(owner) ? ctx.served.remotes[owner]?.version : undefined;
  // Read beside the site name and the post (cached files of the version).
  const preloadLookup =
    match && owner && version && ctx.preloads && isRemoteName(owner)
      ? ctx.preloads(owner, version, match.route.pattern, ctx.log)
      : null;
  // Both queries of a blog post at once.
  const siteLookup = siteName(ctx, locale);
  const post = match?.route.pattern === '/blog/:slug' ? await findPost(ctx, match.params.slug ?? '', locale) : undefined;
  const site = await siteLookup;

  if (!match || post === null) {
    const pageTitle = text(NOT_FOUND_META.titleId);
    return {
      status: 404,
      head: {
        locale,
        title: documentTitle(pageTitle, site),
        pageTitle,
        description: text(NOT_FOUND_META.descriptionId),
        siteName: site,
        urls: null,
        noindex: true,
        article: null,
      },
    };
  }

  const { route } = match;
  const preloads = (await preloadLookup) ?? [];
  const own = ctx.served.table.canonicalPath(bare) ?? '/';
  const pageTitle = post?.title ?? text(route.title);
  return {
    status: 200,
    head: {
      locale,
      title: documentTitle(pageTitle, site),
      pageTitle,
      description: post?.summary.replace(/\s+/g, ' ').trim() || text(route.description ?? DEFAULT_DESCRIPTION_ID),
      siteName: site,
      urls: { 'zh-CN': ctx.base + localizePath(own, 'zh-CN'), en: ctx.base + localizePath(own, 'en') },
      noindex: !route.indexable,
      article: post ? { publishedAt: post.publishedAt, updatedAt: post.updatedAt, tags: post.tags } : null,
      preloads,
    },
  };
}

/** A published post's meta; null when there is none; undefined when the lookup failed (logged). */
async function findPost(ctx: PageHeadContext, slug: string, locale: Locale): Promise<PostMeta | null | undefined> {
  try {
    return await ctx.content.findPostMeta(ctx.db, slug, locale);
  } catch (err) {
    // The page still loads (the shell asks the API again); only its head is the generic one.
    ctx.log.warn({ err, slug }, 'blog post lookup failed; serving the generic blog post head');
    return undefined;
  }
}
