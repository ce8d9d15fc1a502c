import { redirect } from '@portal/shared/router';
import { api, localizePath, sameSitePath, splitLocale } from '@portal/shared';
import { callApi, isLoggedIn } from '@portal/shared/browser';
import { routeTable } from './route-table.ts';

const CACHE_MS = 60_000;
const cache = new Map<string, { target: string | null; at: number }>();

/** The server's redirect rule for a path (SPEC section 2 route guard); failures never block navigation. */
export async function lookupRedirect(path: string, now = Date.now()): Promise<string | null> {
  const hit = cache.get(path);
  if (hit && now - hit.at < CACHE_MS) return hit.target;
  try {
    const data = await callApi(api.redirectGet, { query: { path } }, { silent: true });
    const target = data?.target ?? null;
    cache.set(path, { target, at: now });
    return target;
  } catch {
    return null;
  }
}

/**
 * Records a lookup already done: the server applies its redirect rules before it answers a page,
 * so the page it rendered has none, and the first navigation need not ask again.
 */
export function knownRedirect(path: string, target: string | null, now = Date.now()): void {
  cache.set(path, { target, at: now });
}

export const isAbsoluteUrl = (target: string) => /^https?:\/\//i.test(target);

/**
 * Only same-site paths are followed after login, so a crafted link cannot send users elsewhere: a
 * `redirect` that sameSitePath would have to change (`//host`, `/\host`, `/%2F%2Fhost`, `/\t/host`)
 * is nobody's real way back and is ignored.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value) return null;
  return sameSitePath(value, '') === value ? value : null;
}

export function loginPath(current: string): string {
  const returnTo = sameSitePath(current);
  const { locale, path } = splitLocale(returnTo.split(/[?#]/)[0] ?? '/');
  const guestOnly = routeTable().match(path)?.route.guestOnly;
  const query = guestOnly ? '' : `?redirect=${encodeURIComponent(returnTo)}`;
  return localizePath('/login', locale) + query;
}

export type GuardDecision = { kind: 'external'; url: string } | { kind: 'redirect'; to: string } | null;

/** Decides what happens before a navigation to `url` (pathname + search + hash). */
export async function decide(url: URL, loggedIn: boolean): Promise<GuardDecision> {
  const { locale, path } = splitLocale(url.pathname);
  const target = await lookupRedirect(path);
  if (target && target !== path) {
    if (isAbsoluteUrl(target)) return { kind: 'external', url: target };
    // Rules are written without locale; a target without a prefix stays in the visitor's language.
    return { kind: 'redirect', to: splitLocale(target).explicit ? sameSitePath(target) : localizePath(target, locale) };
  }
  const route = routeTable().match(path)?.route;
  // No warning toast: the login page itself says, calmly, why the visitor is there (AuthCard).
  if (route?.requiresAuth && !loggedIn) return { kind: 'redirect', to: loginPath(url.pathname + url.search + url.hash) };
  if (route?.guestOnly && loggedIn) return { kind: 'redirect', to: localizePath('/', locale) };
  return null;
}

/** Root loader of every locale base: runs before each navigation. */
export async function guardLoader({ request }: { request: Request }) {
  const decision = await decide(new URL(request.url), isLoggedIn());
  if (!decision) return null;
  if (decision.kind === 'external') {
    window.location.assign(decision.url);
    // A full page load replaces the app; keep the router waiting instead of rendering the old page.
    return new Promise<never>(() => {});
  }
  return redirect(decision.to);
}
