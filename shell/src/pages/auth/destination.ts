import { isLocale, localizePath, splitLocale } from '@portal/shared';
import { safeReturnPath } from '../../routing/guard.ts';

/**
 * Where a buyer was going when the portal asked them to sign in (`?redirect=`), carried from login
 * to sign-up and forgot-password and back, so the package chosen on /buy is not lost on the way.
 * Only a same-site path survives (safeReturnPath → sameSitePath): no open redirect.
 */
export function returnPathOf(params: URLSearchParams): string | null {
  return safeReturnPath(params.get('redirect'));
}

/** `path` with the way back attached, when there is one. */
export function withReturnPath(path: string, returnPath: string | null): string {
  return returnPath ? `${path}?redirect=${encodeURIComponent(returnPath)}` : path;
}

/**
 * The way back in the language the visitor now reads: someone who switched to English on the login
 * page lands on the English order page.
 */
export function returnPathIn(returnPath: string, locale: string): string {
  return isLocale(locale) ? localizePath(returnPath, locale) : returnPath;
}

/** Pages where a purchase is finished: the login page says the order is waiting, not "log in first". */
const ORDER_PAGES = ['/order', '/h5/pay', '/admin/dynamic/buy', '/admin/static/buy'];

/**
 * The calm line the auth pages show above the form when a way back is waiting: an order to finish,
 * or SPEC's 'Please login first' for any other members' page (a note on the page, not a warning).
 */
export function returnNoticeId(returnPath: string): 'auth.continue.order' | 'guard.loginFirst' {
  const path = splitLocale(returnPath.split(/[?#]/)[0] ?? '/').path.replace(/\/+$/, '') || '/';
  return ORDER_PAGES.includes(path.toLowerCase()) ? 'auth.continue.order' : 'guard.loginFirst';
}
