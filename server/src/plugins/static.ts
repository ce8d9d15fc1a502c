import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { splitLocale } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/index.ts';
import { findRedirect, redirectLocation } from '../modules/redirects/service.ts';
import { remotePreloads } from '../modules/remotes/preloads.ts';
import { createRemoteRegistry, type RemoteRegistry } from '../modules/remotes/registry.ts';
import { createServedRemotes, type ServedRemotes } from '../modules/remotes/served.ts';
import { blogContent, type SeoContent } from '../modules/seo/content.ts';
import { preferredEncoding } from '../modules/ssr/page-answers.ts';
import { isServerRendered, type PageRendering, warmPaths } from '../modules/ssr/page-renderer.ts';
import { isServerCode } from '../modules/remotes/server-code.ts';
import { headTags, indexTemplateLoader, resolvePageHead } from '../modules/seo/head.ts';
import { START_LOCALE_VARY, startLocaleFor } from '../modules/seo/start-locale.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Paths owned by the server, never answered with the shell. */
const SERVER_PREFIXES = ['/app-api', '/remotes', '/sandbox'];

const hasPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`);

/** The last path segment looks like a file name (`/logo.svg`, `/static/js/a1b2.js`). */
const hasExtension = (path: string) => /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));

/** True unless the Accept header rules HTML out (no header, `*\/*`, `text/*` all accept it). */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(',').some((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) return false;
    return type === 'text/html' || type === 'text/*' || type === '*/*';
  });
}

/** A strong validator of a page answer: the same head and build give the same bytes. */
const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

const matchesEtag = (header: string | undefined, etag: string) =>
  header?.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim())) ?? false;

/**
 * Serves the built shell from SHELL_DIST: hashed assets under /static cached for a year, other
 * files with revalidation (never its node build in ssr/: server code), and index.html (no-cache, so a new shell build is picked up at once) for
 * every page URL so the client router can take over. A URL that is no page still gets index.html,
 * so the shell renders its localized 404 page, but with status 404 so crawlers and monitors see it.
 * A page path with a redirect rule is answered with a 302 instead (see redirectFor).
 *
 * Public pages arrive server-rendered (modules/ssr/page-renderer.ts), or without markup when that
 * cannot be done in time; pages behind login are rendered by the browser.
 * Page answers carry their own head for crawlers and link previews that run no JavaScript (lang,
 * title, description, canonical and hreflang links, Open Graph, noindex; modules/seo/head.ts):
 * index.html is compiled once per build (a stat per answer notices a new one); redirect rules and
 * site settings come from the in-memory cache (cache/invalidation.ts), so an answer costs no query
 * but one for a blog post.
 * Needs reply.sendFile (@fastify/static, see app.ts).
 */
export async function staticPlugin(
  app: FastifyInstance,
  {
    config,
    content = blogContent,
    pages,
    ...remotes
  }: {
    config: Pick<Config, 'shellDist' | 'publicBaseUrl' | 'dataDir' | 'devRemotes'>;
    content?: Pick<SeoContent, 'findPostMeta'>;
    /** Server rendering of public pages (app.pages); none: every page is rendered by the browser. */
    pages?: PageRendering;
    registry?: RemoteRegistry;
    served?: ServedRemotes;
  },
) {
  const root = config.shellDist;
  const loadTemplate = indexTemplateLoader(join(root, 'index.html'));
  // Preload hints for the page's remote, from the live registry (a deploy or rollback counts at once).
  const registry = remotes.registry ?? createRemoteRegistry(config.dataDir);
  const served = remotes.served ?? createServedRemotes(registry, { devRemotes: config.devRemotes });
  const preloads = remotePreloads(registry, { devRemotes: config.devRemotes });

  /**
   * The operator's redirect rule for a page (the same rules and lookup as /app-api/system/redirect),
   * answered before the shell loads: links from outside (ads, old bookmarks, crawlers) get a real
   * 302. The rules are held in memory and a rule set with `npm run ops` invalidates them at once on
   * every instance, like for the API route. A failing lookup never blocks the page (the shell's
   * guard asks again); it is logged.
   */
  const redirectFor = async (request: FastifyRequest, path: string): Promise<string | null> => {
    const { url } = request;
    try {
      const target = await findRedirect(app.db, splitLocale(path).path);
      if (!target) return null;
      const queryAt = url.indexOf('?');
      return redirectLocation(path, queryAt >= 0 ? url.slice(queryAt) : '', target);
    } catch (err) {
      request.log.warn({ err, path }, 'redirect lookup failed; serving the page');
      return null;
    }
  };

  // The shell's and remotes' server code is loaded once the server listens, not by the first visitor.
  app.addHook('onListen', async () => {
    try {
      const current = await served.current(app.log);
      void pages?.warm(warmPaths(current.table), { log: app.log, served: current });
    } catch (err) {
      app.log.warn({ err }, 'remote registry unreadable: nothing warmed');
    }
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    // Still percent-encoded: `send` decodes it and answers 400 for a malformed escape.
    const path = request.url.split('?', 1)[0] ?? '/';
    // The node build in SHELL_DIST/ssr is the server's code: no URL reaches it.
    if (isServerCode(path)) return reply.callNotFound();
    if (path.startsWith('/static/')) {
      if (path.endsWith('/')) return reply.callNotFound(); // a directory: nothing to list
      return reply.sendFile(path.slice(1), root, { maxAge: YEAR_MS, immutable: true, index: false });
    }
    if (hasExtension(path)) {
      if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      return reply.sendFile(path.slice(1), root, { index: false, ...(path.endsWith('.html') && { cacheControl: false }) });
    }
    if (SERVER_PREFIXES.some((p) => hasPrefix(path, p)) || !acceptsHtml(request.headers.accept)) {
      return reply.callNotFound();
    }
    // The two checks of a new build (index.html's and the registry's stat) run beside the redirect
    // lookup instead of one after the other: an answer waits for one file-system round trip, not three.
    const templateLoad = loadTemplate();
    templateLoad.catch(() => {}); // awaited below unless the answer is a redirect
    registry.readServable().catch(() => {}); // shared with served.forRequest's read (in flight)
    const location = await redirectFor(request, path);
    if (location) return reply.header('cache-control', 'no-cache').redirect(location, 302);
    // Locale at start (decision 0033): an English visitor's first load of an unprefixed page moves to
    // /en before anything is painted. Another visitor may get the Chinese page at the same URL, so no
    // shared cache keeps this redirect, and the Chinese answer varies on what decided it.
    const unprefixed = !splitLocale(path).explicit;
    const startLocale = unprefixed ? startLocaleFor(path, request.headers) : null;
    const startLocation = startLocale?.redirect;
    if (startLocation) {
      const queryAt = request.url.indexOf('?');
      return reply
        .header('cache-control', 'private, no-cache')
        .header('vary', START_LOCALE_VARY)
        .redirect(startLocation + (queryAt >= 0 ? request.url.slice(queryAt) : ''), 302);
    }
    const template = await templateLoad;
    if (!template) {
      request.log.warn(`no index.html in SHELL_DIST (${root})`);
      return reply
        .code(503)
        .header('cache-control', 'no-cache')
        .type('text/plain; charset=utf-8')
        .send('The portal shell is not built yet. Build it with: npx pnpm@10.34.8 --filter @portal/shell build');
    }
    const visitor = await served.forRequest(request, reply);
    const { status, head } = await resolvePageHead(
      {
        db: app.db,
        content,
        hostname: request.hostname,
        base: await app.publicOrigins.of(request),
        log: request.log,
        served: visitor,
        preloads,
      },
      path,
    );
    const markup =
      pages && isServerRendered(visitor.table, path)
        ? await pages.render(request.url, { hostname: request.hostname, status, log: request.log, served: visitor })
        : null;
    // `private, no-cache` when a staged rollout made this answer the visitor's own (served.forRequest),
    // or when a crawler keeps the Chinese page that a browser with its headers would leave (0033).
    if (startLocale?.crawlerKept) reply.header('cache-control', 'private, no-cache');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    if (unprefixed) reply.header('vary', START_LOCALE_VARY);
    const tags = headTags(head);
    if (markup) {
      const { page } = markup;
      // Marked when rendered for another path (the 404 page, another spelling): the browser renders afresh.
      const renderedFor = markup.path === path ? undefined : markup.path;
      const answer = page.answer(`${head.locale}\0${renderedFor ?? ''}\0${tags}`, () =>
        template.render(head.locale, tags, page.page, renderedFor),
      );
      reply.header('vary', unprefixed ? `accept-encoding, ${START_LOCALE_VARY}` : 'accept-encoding');
      if (status !== 404) {
        reply.header('etag', answer.etag);
        if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (status === 404) reply.code(404);
      if (!encoding) return reply.send(answer.identity);
      return reply.header('content-encoding', encoding).send(await page.encode(answer, encoding));
    }
    const body = template.render(head.locale, tags);
    // No validators on the 404: a conditional request must not turn it into a body-less 304/404.
    if (status === 404) return reply.code(404).send(body);
    const etag = etagOf(body);
    reply.header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(body);
  });
}
