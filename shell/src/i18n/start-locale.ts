import { isLocale, type Locale, localizePath, matchLanguage, splitLocale } from '@portal/shared';

export const LOCALE_COOKIE = 'locale';
/** SPEC section 9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE_MAX_AGE_S = 31_536_000;

export function readLocaleCookie(cookie: string): Locale | null {
  for (const part of cookie.split(';')) {
    const [k, v] = part.trim().split('=');
    if (k !== LOCALE_COOKIE || !v) continue;
    try {
      const value = decodeURIComponent(v);
      if (isLocale(value)) return value;
    } catch {
      // a malformed value is no choice at all
    }
  }
  return null;
}

/** SPEC section 4 "Locale at start": the cookie, else the browser language (en or zh-CN), else zh-CN. */
export function resolveStartLocale(cookie: string, languages: readonly string[]): Locale {
  return readLocaleCookie(cookie) ?? matchLanguage(languages) ?? 'zh-CN';
}

/**
 * Where the first page load should really be: an unprefixed (Chinese) URL moves to /en when the
 * visitor's start locale is English. A URL with an explicit prefix is always respected.
 */
export function startRedirect(pathname: string, locale: Locale): string | null {
  const split = splitLocale(pathname);
  if (split.explicit || locale === split.locale) return null;
  return localizePath(pathname, locale);
}

/** The locale cookie as written on a page loaded over `protocol`: Secure over https, like every cookie the server sets. */
export function localeCookie(locale: Locale, protocol: string): string {
  const secure = protocol === 'https:' ? '; Secure' : '';
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

export function saveLocaleCookie(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = localeCookie(locale, window.location.protocol);
}
