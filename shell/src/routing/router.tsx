import type { RouteObject } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { type LayoutName, type Locale, type RemoteName, type RemoteRoute, splitLocale } from '@portal/shared';
import { addCatalogs } from '../i18n/catalogs.ts';
import { loadRemoteRoutes } from '../federation/remotes.ts';
import { ownerOf } from '../federation/mounts.ts';
import { markRemoteFailed, markRemoteLoaded, remoteState } from '../federation/remote-state.ts';
import { AdminLayout } from '../layouts/AdminLayout.tsx';
import { DefaultLayout } from '../layouts/DefaultLayout.tsx';
import { EmptyLayout } from '../layouts/EmptyLayout.tsx';
import { CatchAll } from './CatchAll.tsx';
import { LocaleRoot } from './LocaleRoot.tsx';
import { RemotePageError, RouteError } from './RouteError.tsx';
import { BootFallback } from './BootFallback.tsx';
import { guardLoader } from './guard.ts';

/** Every route exists under three bases: Chinese without prefix, /en, and /zh-CN (SPEC section 1). */
export const LOCALE_BASES: ReadonlyArray<{ key: string; base: string; locale: Locale }> = [
  { key: 'zh', base: '/', locale: 'zh-CN' },
  { key: 'en', base: '/en', locale: 'en' },
  { key: 'zh-CN', base: '/zh-CN', locale: 'zh-CN' },
];

const shellPage = (path: string, titleId: string, load: () => Promise<{ default: React.ComponentType }>): RouteObject => ({
  path,
  handle: { titleId },
  lazy: async () => ({ Component: (await load()).default }),
});

function localeRoot({ key, base, locale }: (typeof LOCALE_BASES)[number]): RouteObject {
  return {
    id: `root:${key}`,
    path: base,
    element: <LocaleRoot locale={locale} />,
    errorElement: <RouteError />,
    HydrateFallback: BootFallback,
    // The guard (server redirect rules, login required, guest only) runs before every navigation.
    loader: guardLoader,
    shouldRevalidate: () => true,
    children: [
      {
        id: `default:${key}`,
        element: <DefaultLayout />,
        children: [remoteIndex('marketing', 'default'), { path: '*', element: <CatchAll /> }],
      },
      {
        id: `empty:${key}`,
        element: <EmptyLayout />,
        children: [
          shellPage('login', 'shared.seo.login.title', () => import('../pages/auth/LoginPage.tsx')),
          shellPage('register', 'shared.seo.register.title', () => import('../pages/auth/RegisterPage.tsx')),
          shellPage('forgot-password', 'shared.seo.forgotPassword.title', () => import('../pages/auth/ForgotPasswordPage.tsx')),
        ],
      },
      {
        id: `admin:${key}`,
        path: 'admin',
        element: <AdminLayout />,
        children: [remoteIndex('user-center', 'admin'), { path: '*', element: <CatchAll /> }],
      },
    ],
  };
}

/** A remote page, marked with its remote and release so ops can tell where a page came from. */
async function remotePage(route: RemoteRoute, remote: RemoteName, release: string) {
  const { default: Page } = await route.page();
  return {
    element: (
      <div data-remote={remote} data-release={release} style={{ display: 'contents' }}>
        <Page />
      </div>
    ),
  };
}

function toRouteObject(route: RemoteRoute, remote: RemoteName, release: string): RouteObject {
  return {
    path: route.path,
    handle: { titleId: route.titleId, remote },
    errorElement: <RemotePageError remote={remote} />,
    lazy: () => remotePage(route, remote, release),
  };
}

/**
 * A layout's own path (`/`, `/en`, `/admin`) matches its parent route alone, so route discovery
 * never runs for it: the shell declares these index routes and resolves the page lazily.
 */
function remoteIndex(remote: RemoteName, layout: LayoutName): RouteObject {
  return {
    index: true,
    errorElement: <RemotePageError remote={remote} />,
    lazy: async () => {
      const module = await loadRemoteRoutes(remote);
      addCatalogs(module.messages);
      const route = module.routes.find((r) => r.path === '' && r.layout === layout);
      if (!route) throw new Response('', { status: 404 });
      return { ...(await remotePage(route, remote, module.release)), handle: { titleId: route.titleId, remote } };
    },
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
    addCatalogs(remote.messages);
    for (const { key } of LOCALE_BASES) {
      for (const layout of ['default', 'empty', 'admin'] as const) {
        const children = remote.routes
          .filter((r) => r.layout === layout && r.path !== '')
          .map((r) => toRouteObject(r, owner, remote.release));
        if (children.length) patch(`${layout}:${key}`, children);
      }
    }
    markRemoteLoaded(owner);
  } catch (error) {
    console.error(error);
    markRemoteFailed(owner);
  }
}

export function createPortalRouter() {
  return createBrowserRouter(LOCALE_BASES.map(localeRoot), {
    patchRoutesOnNavigation: ({ path, patch }) => discoverRoutes(path, patch),
  });
}

export type PortalRouter = ReturnType<typeof createPortalRouter>;
