import { sameSitePath } from '../routes/same-site-path.ts';

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const isLocale = (v: unknown): v is Locale => v === 'en' || v === 'zh-CN';

/** URL prefix of a locale: Chinese has none, English is /en (SPEC section 1). */
export const localePrefix = (locale: Locale): '' | '/en' => (locale === 'en' ? '/en' : '');

/** Splits a pathname into its locale and the path without the prefix (`/zh-CN` is accepted too). */
export function splitLocale(pathname: string): { locale: Locale; path: string; explicit: boolean } {
  const m = /^\/(en|zh-CN)(?=\/|$)/.exec(pathname);
  if (!m) return { locale: DEFAULT_LOCALE, path: pathname || '/', explicit: false };
  return { locale: m[1] as Locale, path: pathname.slice(m[0].length) || '/', explicit: true };
}

/**
 * The same page in another locale. `path` may come from the request (the language switch, canonical
 * links, the guard's targets): both it and the path left without its prefix go through sameSitePath,
 * since `/en//host` is harmless until its prefix is taken away.
 */
export function localizePath(path: string, locale: Locale): string {
  const bare = sameSitePath(splitLocale(sameSitePath(path)).path);
  const prefix = localePrefix(locale);
  return prefix ? (bare === '/' ? prefix : prefix + bare) : bare;
}

/** Picks en or zh-CN from an Accept-Language header or navigator.languages; null when neither fits. */
export function matchLanguage(tags: readonly string[]): Locale | null {
  for (const raw of tags) {
    const tag = raw.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
  }
  return null;
}
