// First: configures the shared zod before any module that builds or parses schemas is evaluated.
import './zod-without-eval.ts';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SSR_RENDERED_FOR_ATTRIBUTE, SSR_STATE_ELEMENT_ID, splitLocale } from '@portal/shared';
import { authStore, persistAuth, uiStore } from '@portal/shared/browser';
import { endHydration, startHydration } from '@portal/shared/ui';
import { startAnalytics } from './analytics/analytics.ts';
import { releaseHeldSubmits } from './boot/held-submits.ts';
import { releaseNativeLinks } from './boot/native-links.ts';
import { readClientConfig } from './app/clientConfig.ts';
import { prefetchOnIntent } from './federation/intent.ts';
import { initRemotes, prefetchRemoteOf } from './federation/remotes.ts';
import { installHttpReactions } from './http/reactions.ts';
import { loadLocale } from './i18n/catalogs.ts';
import { resolveStartLocale, startRedirect } from './i18n/start-locale.ts';
import { knownRedirect, loginPath } from './routing/guard.ts';
import { refreshUserInfo } from './session/session.ts';

// Locale at start (SPEC section 4): an unprefixed URL moves to /en for English visitors.
// The path the server rendered (if it did) before the start locale may move it.
const renderedPath = window.location.pathname;
const serverState = document.getElementById(SSR_STATE_ELEMENT_ID);
// Markup rendered for another path (the one 404 rendering, another spelling of a page) says so.
const markupPath = document.getElementById('root')?.getAttribute(SSR_RENDERED_FOR_ATTRIBUTE) ?? renderedPath;
// A rendered page was answered after the server's redirect rules: it has none.
if (serverState) knownRedirect(splitLocale(renderedPath).path, null);
// The server already applied the start locale to a page it answered (decision 0033: English visitors
// were redirected, crawlers kept on the Chinese page); its answers always carry their head, with
// og:locale (seo/head.ts). Only a page it did not answer (the dev server) is moved here.
const answeredByServer = document.querySelector('meta[property="og:locale"]') !== null;
const moved = answeredByServer
  ? null
  : startRedirect(window.location.pathname, resolveStartLocale(document.cookie, navigator.languages));
if (moved) window.history.replaceState(window.history.state, '', moved + window.location.search + window.location.hash);

// Messages raised before the first render (an expired session found at start) use the URL's locale.
uiStore.locale = splitLocale(window.location.pathname).locale;
persistAuth();
// The app's code loads while the registry is read; the registry must be known before the router
// resolves the first route (it may need a remote), and the current page's remote starts loading at
// once, beside the app's code, instead of after it.
// The page's language's messages load beside it (the other language's only if the visitor switches).
const appCode = Promise.all([import('./app/App.tsx'), import('./routing/router.tsx'), loadLocale(uiStore.locale)]);
await initRemotes();
prefetchRemoteOf(window.location.pathname);
const [{ App, hydrateQueries, pricesFollowSession, queryClient }, { createPortalRouter }] = await appCode;
// The data the server rendered with: the page's queries start with it instead of fetching it again.
if (serverState) hydrateQueries(JSON.parse(serverState.textContent || 'null'));
// Rendered with the host's prices; a logged-in member's are their own substation's (decision 0027).
pricesFollowSession(queryClient);
const router = createPortalRouter();

installHttpReactions({
  baseUrl: process.env.PUBLIC_API_BASE_URL ?? '',
  token: () => authStore.token,
  locale: () => uiStore.locale,
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
  toLogin: (returnTo) => {
    void router.navigate(loginPath(returnTo), { replace: true });
  },
  toTwoFactorSetup: () => {
    const account = `${uiStore.locale === 'en' ? '/en' : ''}/admin/account`;
    if (window.location.pathname !== account) void router.navigate(`${account}#two-factor`);
  },
});
void refreshUserInfo().catch(() => {});
void startAnalytics(() => readClientConfig(queryClient));
prefetchOnIntent();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
/** Its effect runs once the first render is committed: the forms have their handlers. */
function Interactive() {
  useEffect(() => {
    // Parts rendered from now on (client navigations) render their children, not the server's markup.
    endHydration();
    releaseHeldSubmits();
    releaseNativeLinks();
    // A mark for tools (e2e, monitoring) that must not act before the page has its handlers.
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}
const app = (
  <StrictMode>
    <App router={router} />
    <Interactive />
  </StrictMode>
);
if (serverState && root.hasChildNodes()) {
  // Hydrate what the server rendered once the router has resolved the page (lazy routes, the remote,
  // the guard), so the first client render is that page and not the boot fallback. If the guard or
  // the start locale moved elsewhere, or the markup was rendered for another path, the markup is
  // not this page's: render afresh instead.
  await routerInitialized(router);
  // In a transition React yields to the browser every few milliseconds while hydrating, instead of
  // one long task; a touch on a part not yet hydrated hydrates that part first.
  if (router.state.location.pathname === markupPath && !router.state.errors) {
    // Static parts of the page (StaticDuringHydration) keep the server's markup instead of hydrating.
    startHydration();
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
} else {
  createRoot(root).render(app);
}

function routerInitialized(r: typeof router): Promise<void> {
  if (r.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = r.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
