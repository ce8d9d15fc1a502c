import { text } from 'node:stream/consumers';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
// biome-ignore lint/style/noRestrictedImports: the static handler renders on the server only; this module and @portal/shared/router resolve to the same react-router module in the shell's node build, so it is one router context.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  type PageRenderer,
  type PageRendererOptions,
  type PageRenderRequest,
  type PageRenderResult,
  type RemoteName,
  splitLocale,
} from '@portal/shared';
import { configureHttp, type RemoteRoutesModule } from '@portal/shared/browser';
import '../zod-without-eval.ts';
import { AppProviders } from '../app/AppProviders.tsx';
import { ownerOf } from '../federation/mounts.ts';
import { addCatalogs, loadLocale } from '../i18n/catalogs.ts';
import { setServedRoutes } from '../routing/route-table.ts';
import { portalRoutes } from '../routing/router.tsx';
import { loadServerRemote, selectRemoteVersions } from './remotes.ts';

/**
 * Only the path and query of a page matter to the router; the origin is a placeholder, put in front
 * of the path rather than resolved against (`//host/x` would resolve to another host's `/x`), so the
 * page rendered is the one the browser's location names.
 */
const ORIGIN = 'http://portal.invalid';

/**
 * On the server every enabled query suspends until its data is there, so the HTML carries the data
 * (prices, posts) and the dehydrated state carries the same data to the browser. Disabled queries
 * stay as they are: they wait for something only the browser has.
 */
function serverQueryClient(): QueryClient {
  const client = new QueryClient();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const resolved = defaults(options);
    return resolved.enabled === undefined || resolved.enabled === true ? { ...resolved, suspense: true, retry: false } : resolved;
  }) as QueryClient['defaultQueryOptions'];
  return client;
}

/**
 * Renders a page the way the browser would show it to a visitor who is not logged in, or throws:
 * a failing query, a component that throws, an unknown remote. The server then sends the page
 * without markup and the browser renders it (never a 5xx for a rendering problem).
 */
async function renderPage({ url, remotes, signal }: PageRenderRequest): Promise<PageRenderResult> {
  selectRemoteVersions(remotes);
  setServedRoutes(Object.fromEntries(Object.entries(remotes).map(([name, remote]) => [name, remote?.routes ?? []])));
  const location = new URL(ORIGIN + (url.startsWith('/') ? url : `/${url}`));
  const { locale, path } = splitLocale(location.pathname);
  const owner = ownerOf(path);
  const preloaded: Partial<Record<RemoteName, RemoteRoutesModule>> = {};
  await loadLocale(locale);
  if (owner) {
    const module = await loadServerRemote(owner);
    await addCatalogs(module.messages);
    preloaded[owner] = module;
  }
  const handler = createStaticHandler(portalRoutes({ loadRemote: loadServerRemote, preloaded, server: true }));
  const context = await handler.query(new Request(location, signal ? { signal } : {}));
  if (context instanceof Response) throw new Error(`the route answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`a route failed: ${JSON.stringify(Object.values(context.errors).map(String))}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = serverQueryClient();
  // The styles are collected for the head instead of written before each element that uses them:
  // once each, and out of the markup the browser parses before its first paint. The browser's
  // Emotion cache (same key) adopts them, so hydration inserts none again.
  const styleCache = createCache({ key: 'css' });
  const emotion = createEmotionServer(styleCache);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={styleCache}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
    { signal, onError: (error) => void errors.push(error) },
  );
  const html = await text(prelude);
  if (signal?.aborted) throw new Error('rendering was cancelled');
  if (errors.length) throw errors[0];
  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === 'error');
  if (failed) throw new Error(`query ${JSON.stringify(failed.queryKey)} failed: ${String(failed.state.error)}`);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, state: dehydrate(queryClient) };
}

export async function createPageRenderer({ fetch }: PageRendererOptions): Promise<PageRenderer> {
  configureHttp({ fetch, baseUrl: '' });
  return { render: renderPage };
}
