import type { RouteObject } from '@portal/shared/router';
import { createBrowserRouter } from '@portal/shared/router';
import { type Locale, type RemoteName, type RouteDef, type RouteLayout, splitLocale } from '@portal/shared';
import type { PageLoader, RemoteRoutesModule } from '@portal/shared/browser';
import { addCatalogs, loadLocale } from '../i18n/catalogs.ts';
import { loadRemoteRoutes } from '../federation/remotes.ts';
import { ownerOf } from '../federation/mounts.ts';
import { markRemoteFailed, markRemoteLoaded, remoteState } from '../federation/remote-state.ts';
import { AdminLayout } from '../layouts/AdminLayout.tsx';
import { DefaultLayout } from '../layouts/DefaultLayout.tsx';
import { EmptyLayout } from '../layouts/EmptyLayout.tsx';
import { CatchAll } from './CatchAll.tsx';
import { LocaleRoot } from './LocaleRoot.tsx';
import { RemotePageError, RootRouteError, RouteError } from './RouteError.tsx';
import { BootFallback } from './BootFallback.tsx';
import { guardLoader } from './guard.ts';
import { failingToErrorElement } from './lazy-route.ts';
import { routeTable } from './route-table.ts';

/** Every route exists under three bases: Chinese without prefix, /en, and /zh-CN (SPEC section 1). */
export const LOCALE_BASES: ReadonlyArray<{ key: string; base: string; locale: Locale }> = [
  { key: 'zh', base: '/', locale: 'zh-CN' },
  { key: 'en', base: '/en', locale: 'en' },
  { key: 'zh-CN', base: '/zh-CN', locale: 'zh-CN' },
];

const shellPage = (path: string, titleId: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject => ({
  path,
  handle: { titleId },
  // Inside its layout and the locale root: the error page keeps the messages and the frame.
  errorElement: <RouteError />,
  lazy: failingToErrorElement(async () => ({ Component: (await load()).default })),
});

/** How the route tree reaches remotes: the browser's registry, or the server's node bundles. */
export interface RouteSources {
  loadRemote: (name: RemoteName) => Promise<RemoteRoutesModule>;
  /** Remotes whose routes are part of the tree from the start (the server renders with them). */
  preloaded?: Partial<Record<RemoteName, RemoteRoutesModule>>;
  /** On the server the guard has nothing to decide: it answered redirects itself and renders for guests. */
  server?: boolean;
}

const LAYOUTS = ['default', 'empty', 'admin'] as const;

/** The path each layout's route sits at; a page at exactly that path is the layout's index. */
const LAYOUT_BASE: Record<RouteLayout, string> = { default: '/', empty: '/', admin: '/admin' };
const isLayoutIndex = (route: RouteDef) => route.pattern === LAYOUT_BASE[route.layout];
/** A route's path below its layout's route: `/admin/static/buy` → `static/buy`, `/buy` → `buy`. */
const pathInLayout = (route: RouteDef) => route.pattern.slice(LAYOUT_BASE[route.layout].length).replace(/^\//, '');

/** A remote's pages of one layout, as its served manifest declares them, as children of that layout's route. */
const remoteChildren = (remote: RemoteName, module: RemoteRoutesModule, layout: RouteLayout): RouteObject[] =>
  routeTable()
    .routes.filter((r) => r.owner === remote && r.layout === layout && !isLayoutIndex(r))
    .map((r) => toRouteObject(r, remote, module));

function localeRoot({ key, base, locale }: (typeof LOCALE_BASES)[number], sources: RouteSources): RouteObject {
  const preloaded = Object.entries(sources.preloaded ?? {}) as Array<[RemoteName, RemoteRoutesModule]>;
  const pagesOf = (layout: RouteLayout) => preloaded.flatMap(([remote, module]) => remoteChildren(remote, module, layout));
  return {
    id: `root:${key}`,
    path: base,
    element: <LocaleRoot locale={locale} />,
    // Replaces LocaleRoot, so it brings the locale's messages itself.
    errorElement: <RootRouteError locale={locale} />,
    HydrateFallback: BootFallback,
    // The guard (server redirect rules, login required, guest only) runs before every navigation,
    // beside the loading of this language's messages (the first page in the other language loads them).
    ...(!sources.server && {
      loader: async (args: Parameters<typeof guardLoader>[0]) => (await Promise.all([guardLoader(args), loadLocale(locale)]))[0],
      shouldRevalidate: () => true,
    }),
    children: [
      {
        id: `default:${key}`,
        element: <DefaultLayout />,
        children: [remoteIndex('default', sources), ...pagesOf('default'), { path: '*', element: <CatchAll /> }],
      },
      {
        id: `empty:${key}`,
        element: <EmptyLayout />,
        children: [
          shellPage('login', 'shared.seo.login.title', () => import('../pages/auth/LoginPage.tsx')),
          shellPage('register', 'shared.seo.register.title', () => import('../pages/auth/RegisterPage.tsx')),
          shellPage('forgot-password', 'shared.seo.forgotPassword.title', () => import('../pages/auth/ForgotPasswordPage.tsx')),
          ...pagesOf('empty'),
        ],
      },
      {
        id: `admin:${key}`,
        path: 'admin',
        element: <AdminLayout />,
        children: [remoteIndex('admin', sources), ...pagesOf('admin'), { path: '*', element: <CatchAll /> }],
      },
    ],
  };
}

/** A remote page, marked with its remote and release so ops can tell where a page came from. */
async function remotePage(page: PageLoader | undefined, remote: RemoteName, release: string) {
  // The build refuses a manifest path without a page; a mismatched deploy still only 404s that page.
  if (!page) throw new Response('', { status: 404 });
  const { default: Page } = await page();
  return {
    element: (
      <div data-remote={remote} data-release={release} style={{ display: 'contents' }}>
        <Page />
      </div>
    ),
  };
}

function toRouteObject(route: RouteDef, remote: RemoteName, module: RemoteRoutesModule): RouteObject {
  return {
    path: pathInLayout(route),
    handle: { titleId: route.title, remote },
    errorElement: <RemotePageError remote={remote} />,
    lazy: failingToErrorElement(() => remotePage(module.pages[route.pattern], remote, module.release)),
  };
}

/**
 * A layout's own path (`/`, `/en`, `/admin`) matches its parent route alone, so route discovery
 * never runs for it: the shell declares these index routes and resolves the page lazily from
 * whichever remote's manifest claims that path.
 */
function remoteIndex(layout: RouteLayout, sources: RouteSources): RouteObject {
  const owner = () => {
    const route = routeTable().routes.find((r) => r.layout === layout && isLayoutIndex(r));
    return route && route.owner !== 'shell' ? { route, remote: route.owner } : null;
  };
  const claimed = owner();
  return {
    index: true,
    errorElement: claimed ? <RemotePageError remote={claimed.remote} /> : <RouteError />,
    lazy: failingToErrorElement(async () => {
      const found = owner();
      if (!found) throw new Response('', { status: 404 });
      const module = await sources.loadRemote(found.remote);
      await addCatalogs(module.messages);
      return {
        ...(await remotePage(module.pages[found.route.pattern], found.remote, module.release)),
        handle: { titleId: found.route.title, remote: found.remote },
      };
    }),
  };
}

/**
 * Remote routes are discovered at navigation time: the first visit to a remote's part of the
 * table loads its `./routes` and patches them into every locale base, so later visits match at once.
 */
async function discoverRoutes(path: string, patch: (routeId: string, children: RouteObject[]) => void) {
  const owner = ownerOf(splitLocale(path).path);
  if (!owner || remoteState.loaded.has(owner)) return;
  try {
    const remote = await loadRemoteRoutes(owner);
    await addCatalogs(remote.messages);
    for (const { key } of LOCALE_BASES) {
      for (const layout of LAYOUTS) {
        const children = remoteChildren(owner, remote, layout);
        if (children.length) patch(`${layout}:${key}`, children);
      }
    }
    markRemoteLoaded(owner);
  } catch (error) {
    console.error(error);
    markRemoteFailed(owner);
  }
}

/** The one route tree, under every locale base; the browser and the server build it alike. */
export function portalRoutes(sources: RouteSources): RouteObject[] {
  return LOCALE_BASES.map((base) => localeRoot(base, sources));
}

export function createPortalRouter() {
  return createBrowserRouter(portalRoutes({ loadRemote: loadRemoteRoutes }), {
    patchRoutesOnNavigation: ({ path, patch }) => discoverRoutes(path, patch),
  });
}

export type PortalRouter = ReturnType<typeof createPortalRouter>;
