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

/** A page as the server rendered it: markup for #root and the data to start the browser with. */
export interface RenderedPage {
  html: string;
  styles: string;
  state: unknown;
}

export interface PageRenderingOptions {
  shellDist: string;
  registry: Pick<RemoteRegistry, 'versionDir'>;
  /** How long a page answer waits for its markup before it goes without (the browser renders it then). */
  budgetMs: number;
  /** Remote dev servers have no node bundles: everything renders in the browser. */
  devRemotes: boolean;
}

/** A render the answer no longer waits for still finishes for the cache, unless it takes this long. */
const RENDER_LIMIT_MS = 10_000;

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
 * Server rendering of public pages (docs/decisions/0017): the shell's node bundle renders the page
 * with the remotes' node bundles of the versions the registry serves now, so a deploy or rollback
 * is rendered by the next request. Rendered pages are cached per host, URL and remote versions for
 * at most CACHE_MAX_STALE_MS and dropped at once when prices, posts, help, redirects or site settings
 * change; concurrent misses of one key render once.
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

  /** API calls made while rendering are answered in-process, for the page's host and language. */
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

  async function renderFresh(
    url: string,
    scopeOf: RenderScope,
    remotes: PageRenderRequest['remotes'],
    setKey: string,
    log: FastifyBaseLogger,
  ) {
    const started = performance.now();
    try {
      const shell = await renderer(log);
      if (!shell) return null;
      const page = await withVersionSet(setKey, () =>
        scope.run(scopeOf, () => shell.render({ url, remotes, signal: AbortSignal.timeout(RENDER_LIMIT_MS) })),
      );
      log.debug({ url, ms: Math.round(performance.now() - started) }, 'page rendered');
      return page;
    } catch (err) {
      log.warn({ err, url }, 'server rendering failed: the page is rendered in the browser');
      return null;
    }
  }

  return {
    /**
     * Loads the shell's and the current remotes' server code and renders `paths` once, so the first
     * visitors are not the ones who wait for it (their answers would go without markup). Failures
     * are logged like any render's.
     */
    async warm(
      paths: readonly string[],
      { host, log, served }: { host: string; log: FastifyBaseLogger; served: ServedSet },
    ): Promise<void> {
      if (options.devRemotes) return;
      try {
        const remotes = remoteEntries(served);
        for (const url of paths) await renderFresh(url, { host, locale: splitLocale(url).locale }, remotes, served.key, log);
      } catch (err) {
        log.warn({ err }, 'warming server rendering failed');
      }
    },

    /**
     * The markup of a page for this request, or null when it goes without. `url` is the page's path
     * and query, as requested.
     */
    async render(
      url: string,
      { host, log, served }: { host: string; log: FastifyBaseLogger; served: ServedSet },
    ): Promise<RenderedPage | null> {
      if (options.devRemotes) return null;
      const { path, query, cacheable } = renderTarget(url);
      const target = query ? `${path}?${query}` : path;
      const { locale } = splitLocale(path);
      const remotes = remoteEntries(served);
      // A query of its own is rendered every time and never kept: anyone can make up endless
      // queries, and memory must not grow with them (tracking parameters are dropped first).
      const rendering = cacheable
        ? app.cache.cached(
            `page\0${host}\0${target}\0${served.key}`,
            CACHE_MAX_STALE_MS,
            () => renderFresh(target, { host, locale }, remotes, served.key, log),
            { tags: CONTENT_TAGS },
          )
        : renderFresh(target, { host, locale }, remotes, served.key, log);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.budgetMs);
      });
      const page = await Promise.race([rendering, late]).finally(() => clearTimeout(timer));
      if (page === 'late') {
        log.warn(
          { url, budgetMs: options.budgetMs },
          'server rendering is slower than its budget: this answer is rendered in the browser',
        );
        return null;
      }
      return page;
    },
  };
}

export type PageRendering = ReturnType<typeof createPageRendering>;

/** Parameters of ad links and analytics: no page reads them, so they never change its markup. */
const TRACKING_PARAMETER =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * What to render for a requested page URL: its path, and its query without tracking parameters.
 * Only a page without a query of its own is kept in the page cache.
 */
export function renderTarget(url: string): { path: string; query: string; cacheable: boolean } {
  const at = url.indexOf('?');
  if (at < 0) return { path: url, query: '', cacheable: true };
  const kept = new URLSearchParams(url.slice(at + 1));
  for (const name of [...kept.keys()]) if (TRACKING_PARAMETER.test(name)) kept.delete(name);
  const query = kept.toString();
  return { path: url.slice(0, at) || '/', query, cacheable: query === '' };
}
