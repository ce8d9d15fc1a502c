// First: configures the shared zod before any module that builds or parses schemas is evaluated.
import './zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { authStore, persistAuth, splitLocale, uiStore } from '@portal/shared';
import { startAnalytics } from './analytics/analytics.ts';
import { prefetchOnIntent } from './federation/intent.ts';
import { initRemotes, prefetchRemoteOf } from './federation/remotes.ts';
import { installHttpReactions } from './http/reactions.ts';
import { resolveStartLocale, startRedirect } from './i18n/start-locale.ts';
import { loginPath } from './routing/guard.ts';
import { refreshUserInfo } from './session/session.ts';

// Locale at start (SPEC section 4): an unprefixed URL moves to /en for English visitors.
const startLocale = resolveStartLocale(document.cookie, navigator.languages);
const moved = startRedirect(window.location.pathname, startLocale);
if (moved) window.history.replaceState(window.history.state, '', moved + window.location.search + window.location.hash);

// Messages raised before the first render (an expired session found at start) use the URL's locale.
uiStore.locale = splitLocale(window.location.pathname).locale;
persistAuth();
// The app's code loads while the registry is read; the registry must be known before the router
// resolves the first route (it may need a remote), and the current page's remote starts loading at
// once, beside the app's code, instead of after it.
const appCode = Promise.all([import('./app/App.tsx'), import('./routing/router.tsx')]);
await initRemotes();
prefetchRemoteOf(window.location.pathname);
const [{ App }, { createPortalRouter }] = await appCode;
const router = createPortalRouter();

installHttpReactions({
  baseUrl: process.env.PUBLIC_API_BASE_URL ?? '',
  token: () => authStore.token,
  locale: () => uiStore.locale,
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
  toLogin: (returnTo) => {
    void router.navigate(loginPath(returnTo), { replace: true });
  },
});
void refreshUserInfo().catch(() => {});
void startAnalytics();
prefetchOnIntent();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
