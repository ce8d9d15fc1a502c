import { isLocale, type Locale, localizePath, matchLanguage, splitLocale } from './locales.ts';

/**
 * SPEC section 4 "Locale at start", shared by the server (which answers a first visit in the
 * visitor's language, decision 0033) and the browser (its fallback where no server decided).
 */
export const LOCALE_COOKIE = 'locale';

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

/** The cookie, else the browser language (en or zh-CN), else zh-CN. */
export function resolveStartLocale(cookie: string, languages: readonly string[]): Locale {
  return readLocaleCookie(cookie) ?? matchLanguage(languages) ?? 'zh-CN';
}

/**
 * The language tags of an Accept-Language header, most preferred first: ordered by their q (a
 * header need not list them in order), equal q in the header's order, `q=0` (refused) left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const weighted: { tag: string; q: number }[] = [];
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.split(';').map((s) => s.trim());
    if (!tag) continue;
    const qParam = params.find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    weighted.push({ tag, q });
  }
  return weighted.sort((a, b) => b.q - a.q).map((w) => w.tag);
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
