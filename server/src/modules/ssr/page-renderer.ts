import { AsyncLocalStorage } from 'node:async_hooks';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Locale,
  localizePath,
  type PageRenderer,
  type PageRenderRequest,
  type RemoteName,
  type RouteTable,
  type ShellServerBundle,
  splitLocale,
} from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CACHE_MAX_STALE_MS, CONTENT_TAGS } from '../../cache/cache.ts';
import type { RemoteRegistry } from '../remotes/registry.ts';
import type { ServedSet } from '../remotes/served.ts';
import { siteForHost } from '../system/service.ts';
import { compactPageStyles } from './page-styles.ts';
import { type CachedPage, createPageCache, type PageCacheStats, type RenderedPage } from './page-cache.ts';

export type { RenderedPage } from './page-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server rendering of public pages and its cache (createPageRendering): `app.pages.stats()`. */
    pages: PageRendering;
  }
}

/** Server-rendered markup for one answer. */
export interface PageMarkup {
  /** The page and the answers made of it (kept with it when the page is cached). */
  page: CachedPage & { readonly page: RenderedPage };
  /**
   * The path the markup was rendered for: the page's canonical spelling, or the 404 page's own path.
   * When it is not the requested path the browser renders afresh instead of hydrating (bootstrap.tsx).
   */
  path: string;
}

export interface PageRenderingOptions {
  shellDist: string;
  registry: Pick<RemoteRegistry, 'versionDir'>;
  /** How long a page answer waits for its markup before it goes without (the browser renders it then). */
  budgetMs: number;
  /** Remote dev servers have no node bundles: everything renders in the browser. */
  devRemotes: boolean;
  /** What the rendered pages kept in memory may weigh together (SSR_CACHE_MB). */
  cacheBytes: number;
  /** Renders running at once (SSR_CONCURRENCY); a miss beyond it goes without markup. */
  concurrency: number;
}

export interface PageRenderingStats extends PageCacheStats {
  /** Renders running now, and the most that ran at once since the start. */
  rendering: number;
  peakRendering: number;
  concurrency: number;
}

/** A render the answer no longer waits for still finishes for the cache, unless it takes this long. */
const RENDER_LIMIT_MS = 10_000;

/**
 * The path the 404 page is rendered at: no route can have it (a route's segments are letters,
 * digits and `-`), so the shell shows its not-found page there, the same for every unknown path.
 */
export const NOT_FOUND_RENDER_PATH = '/_not-found';

/** Pages behind login stay client-rendered: their markup is personal and search engines never see it. */
export const isServerRendered = (table: RouteTable, path: string) => !table.match(splitLocale(path).path)?.route.requiresAuth;

/** Every server-rendered page without parameters, in both languages: what warm() renders at start. */
export const warmPaths = (table: RouteTable): string[] =>
  table.routes
    .filter((r) => !r.requiresAuth && !r.pattern.includes(':'))
    .flatMap((r) => [r.pattern, localizePath(r.pattern, 'en')]);

interface RenderScope {
  host: string;
  locale: Locale;
}

/**
 * Server rendering of public pages (docs/decisions/0017, 0029): the shell's node bundle renders the
 * page with the remotes' node bundles of the versions the registry serves now, so a deploy or
 * rollback is rendered by the next request.
 *
 * What a page looks like depends on the site (substation) serving the host, the page and the remote
 * versions, and nothing else a request can make up: pages are rendered for the resolved site (its
 * own domain is the host of the render's API calls) and cached per site, canonical page path and
 * remote versions; every unknown path shares one 404 rendering per site and language. The cache is
 * bounded by bytes (least recently used out first), entries live for at most CACHE_MAX_STALE_MS and
 * are dropped at once when prices, posts, help, redirects or site settings change; concurrent misses
 * of one key render once. At most `concurrency` renders run at once: a miss beyond that is answered
 * without markup at once (the browser renders it), so a storm of misses cannot take the CPU.
 *
 * Never a 5xx: a missing or changed shell bundle, a remote without a node bundle, a render that
 * throws or a query that fails gives `null` (the page is sent without markup and the browser renders
 * it), logged with the reason. So does a render slower than the budget; it still completes for the
 * cache.
 */
export function createPageRendering(app: FastifyInstance, options: PageRenderingOptions) {
  const bundleFile = join(options.shellDist, 'ssr', 'index.js');
  const scope = new AsyncLocalStorage<RenderScope>();
  let loaded: { build: string; renderer: Promise<PageRenderer> } | null = null;
  let reported: string | null = null;
  const cache = createPageCache({ maxBytes: options.cacheBytes, ttlMs: CACHE_MAX_STALE_MS });
  /** Renders of cached keys in flight: later misses of the same key wait for them (single-flight). */
  let loading = new Map<string, Promise<CachedPage>>();
  let rendering = 0;
  let peakRendering = 0;

  // Pages are made of every kind of content: any change of it drops them all, on every instance.
  const stopListening = app.cache.onInvalidate((tag) => {
    if (tag !== null && !CONTENT_TAGS.includes(tag)) return;
    cache.clear();
    // Renders still running answer those waiting for them, but are not kept (see load()).
    loading = new Map();
  });
  app.addHook('onClose', async () => stopListening());

  /** API calls made while rendering are answered in-process, for the page's site and language. */
  const inProcessFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const { host, locale } = scope.getStore() ?? { host: 'localhost', locale: 'zh-CN' };
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers: { ...headers, host, 'accept-language': locale },
      ...(typeof init?.body === 'string' && { payload: init.body }),
    });
    const type = res.headers['content-type'];
    return new Response(new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: type ? { 'content-type': String(type) } : {},
    });
  }) as typeof fetch;

  const reportOnce = (log: FastifyBaseLogger, key: string, message: string) => {
    if (reported === key) return;
    reported = key;
    log.warn(message);
  };

  /**
   * The shell's renderer of the build being served. A shell build that changed while the server
   * runs is not loaded beside the old one (two federation runtimes would share one scope): pages are
   * client-rendered until the server restarts.
   */
  async function renderer(log: FastifyBaseLogger): Promise<PageRenderer | null> {
    let build: string;
    try {
      const info = await stat(bundleFile);
      build = `${info.mtimeMs}:${info.size}`;
    } catch {
      reportOnce(log, 'missing', `no server bundle at ${bundleFile}: pages are rendered in the browser`);
      return null;
    }
    if (!loaded) {
      const bundle = createRequire(import.meta.url)(bundleFile) as ShellServerBundle;
      loaded = { build, renderer: bundle.createPageRenderer({ fetch: inProcessFetch }) };
    }
    if (loaded.build !== build) {
      reportOnce(log, build, 'the shell was rebuilt while the server runs: pages are rendered in the browser until it restarts');
      return null;
    }
    return loaded.renderer;
  }

  /** The node entry and routes of each remote version the visitor is served. */
  function remoteEntries(served: ServedSet): PageRenderRequest['remotes'] {
    const remotes: PageRenderRequest['remotes'] = {};
    for (const [name, remote] of Object.entries(served.remotes) as Array<[RemoteName, ServedSet['remotes'][RemoteName]]>) {
      if (!remote) continue;
      remotes[name] = {
        version: remote.version,
        entry: pathToFileURL(join(options.registry.versionDir(name, remote.version), 'ssr', 'remoteEntry.js')).href,
        routes: remote.manifest?.routes ?? [],
      };
    }
    return remotes;
  }

  /**
   * The shell's federation runtime holds one version of each remote at a time, so renders of
   * different version sets (a staged rollout) take turns; renders of one set run together.
   */
  let activeSet: string | null = null;
  let active = 0;
  let waiting: Array<() => void> = [];
  async function withVersionSet<T>(key: string, fn: () => Promise<T>): Promise<T> {
    while (active > 0 && activeSet !== key) await new Promise<void>((resolve) => waiting.push(resolve));
    activeSet = key;
    active++;
    try {
      return await fn();
    } finally {
      active--;
      if (active === 0) {
        const wake = waiting;
        waiting = [];
        for (const resolve of wake) resolve();
      }
    }
  }

  /** Whether a render may start now; a start must follow at once (the count is taken synchronously). */
  const mayRender = () => rendering < options.concurrency;

  async function renderFresh(
    url: string,
    scopeOf: RenderScope,
    remotes: PageRenderRequest['remotes'],
    setKey: string,
    log: FastifyBaseLogger,
  ): Promise<RenderedPage | null> {
    rendering++;
    peakRendering = Math.max(peakRendering, rendering);
    const started = performance.now();
    try {
      const shell = await renderer(log);
      if (!shell) return null;
      const page = await withVersionSet(setKey, () =>
        scope.run(scopeOf, () => shell.render({ url, remotes, signal: AbortSignal.timeout(RENDER_LIMIT_MS) })),
      );
      log.debug({ url, ms: Math.round(performance.now() - started) }, 'page rendered');
      return {
        html: page.html,
        styles: compactPageStyles(page.styles),
        state: JSON.stringify(page.state ?? null).replace(/</g, '\\u003c'),
      };
    } catch (err) {
      log.warn({ err, url }, 'server rendering failed: the page is rendered in the browser');
      return null;
    } finally {
      rendering--;
    }
  }

  /** The host of the render's API calls: the site's own domain, so they answer for the same site. */
  async function siteOf(hostname: string, log: FastifyBaseLogger): Promise<{ id: number; host: string } | null> {
    try {
      const site = await siteForHost(app.db, hostname);
      return { id: site.id, host: site.domain };
    } catch (err) {
      log.warn({ err }, 'site lookup failed: the page is rendered in the browser');
      return null;
    }
  }

  const busy = (log: FastifyBaseLogger, url: string) =>
    log.info(
      { url, concurrency: options.concurrency },
      'server rendering is at its concurrency limit: this answer is rendered in the browser',
    );

  /** `rendering`, or null when the budget runs out first (the render goes on for the cache). */
  async function withinBudget<T>(rendering: Promise<T>, url: string, log: FastifyBaseLogger): Promise<T | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), options.budgetMs);
    });
    const result = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
    if (result !== 'late') return result;
    log.warn(
      { url, budgetMs: options.budgetMs },
      'server rendering is slower than its budget: this answer is rendered in the browser',
    );
    return null;
  }

  const markup = (page: CachedPage | null, path: string): PageMarkup | null =>
    page?.page ? { page: page as PageMarkup['page'], path } : null;

  return {
    /**
     * Loads the shell's and the current remotes' server code and renders `paths` once, so the first
     * visitors are not the ones who wait for it (their answers would go without markup). Failures
     * are logged like any render's. Visitors' renders go first: a path is skipped at the limit.
     */
    async warm(paths: readonly string[], { log, served }: { log: FastifyBaseLogger; served: ServedSet }): Promise<void> {
      if (options.devRemotes) return;
      try {
        const site = await siteOf('localhost', log);
        if (!site) return;
        const remotes = remoteEntries(served);
        for (const url of paths) {
          if (!mayRender()) continue;
          await renderFresh(url, { host: site.host, locale: splitLocale(url).locale }, remotes, served.key, log);
        }
      } catch (err) {
        log.warn({ err }, 'warming server rendering failed');
      }
    },

    /**
     * The markup of a page for this request, or null when it goes without. `url` is the path and
     * query as requested, `status` the answer's (a 404 gets the one 404 rendering of its site and
     * language).
     */
    async render(
      url: string,
      { hostname, status, log, served }: { hostname: string; status: 200 | 404; log: FastifyBaseLogger; served: ServedSet },
    ): Promise<PageMarkup | null> {
      if (options.devRemotes) return null;
      const target = renderTarget(url, served.table, status);
      if (!target) return null;
      const site = await siteOf(hostname, log);
      if (!site) return null;
      const { path, query, cacheable } = target;
      const scopeOf = { host: site.host, locale: splitLocale(path).locale };
      const renderUrl = query ? `${path}?${query}` : path;
      // A query of its own is rendered every time and never kept: anyone can make up endless
      // queries, and memory must not grow with them (tracking parameters are dropped first).
      if (!cacheable) {
        if (!mayRender()) {
          busy(log, url);
          return null;
        }
        const page = await withinBudget(renderFresh(renderUrl, scopeOf, remoteEntries(served), served.key, log), url, log);
        return markup(page && cache.transient(page), path);
      }
      const key = `${site.id}\0${path}\0${served.key}`;
      const hit = cache.get(key);
      if (hit) return markup(hit, path);
      let pending = loading.get(key);
      if (!pending) {
        if (!mayRender()) {
          busy(log, url);
          return null;
        }
        const kept = loading;
        const started = renderFresh(renderUrl, scopeOf, remoteEntries(served), served.key, log).then((page) =>
          // Invalidated while rendering: answered, not kept.
          kept === loading ? cache.set(key, page) : cache.transient(page),
        );
        pending = started.finally(() => {
          if (kept.get(key) === pending) kept.delete(key);
        });
        kept.set(key, pending);
      }
      return markup(await withinBudget(pending, url, log), path);
    },

    /** What the cache holds and how many renders run, for tests and operators. */
    stats(): PageRenderingStats {
      return { ...cache.stats(), rendering, peakRendering, concurrency: options.concurrency };
    },
  };
}

export type PageRendering = ReturnType<typeof createPageRendering>;

/** Parameters of ad links and analytics: no page reads them, so they never change its markup. */
const TRACKING_PARAMETER =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * What to render for a requested page URL: the page's canonical path in the URL's language (every
 * spelling of a page, `/en/Buy/` as `/en/buy`, is one rendering), and its query without tracking
 * parameters; for a 404, the not-found page of its layout (the admin area has its own), the same
 * for every unknown path. Only a page without a query of its own is kept in the page cache. null:
 * nothing to render (a page the table does not know, answered 200).
 */
export function renderTarget(
  url: string,
  table: RouteTable,
  status: 200 | 404,
): { path: string; query: string; cacheable: boolean } | null {
  const at = url.indexOf('?');
  const { locale, path: bare } = splitLocale(at < 0 ? url : url.slice(0, at) || '/');
  if (status === 404) {
    const base = /^\/admin(\/|$)/i.test(bare) ? '/admin' : '';
    return { path: localizePath(base + NOT_FOUND_RENDER_PATH, locale), query: '', cacheable: true };
  }
  const page = table.canonicalPath(bare);
  if (page === null) return null;
  const path = localizePath(page, locale);
  if (at < 0) return { path, query: '', cacheable: true };
  const kept = new URLSearchParams(url.slice(at + 1));
  for (const name of [...kept.keys()]) if (TRACKING_PARAMETER.test(name)) kept.delete(name);
  const query = kept.toString();
  return { path, query, cacheable: query === '' };
}
