import { LOCALE_COOKIE, type Locale } from '@portal/shared';

// The rules themselves are shared with the server, which applies them to a first visit (decision 0033).
export { LOCALE_COOKIE, readLocaleCookie, resolveStartLocale, startRedirect } from '@portal/shared';

/** SPEC section 9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE_MAX_AGE_S = 31_536_000;

/** The locale cookie as written on a page loaded over `protocol`: Secure over https, like every cookie the server sets. */
export function localeCookie(locale: Locale, protocol: string): string {
  const secure = protocol === 'https:' ? '; Secure' : '';
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

export function saveLocaleCookie(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = localeCookie(locale, window.location.protocol);
}
