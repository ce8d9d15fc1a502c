import { acceptedLanguages, localizePath, readLocaleCookie, resolveStartLocale, splitLocale } from '@portal/shared';
import { createIsbotFromList, list } from 'isbot';

/**
 * Crawlers by their User-Agent (isbot's list), except a headless browser: it is a browser driven by
 * a person's tool (tests, screenshots) with a language of its own; search engines and Lighthouse
 * name themselves.
 */
const isCrawler = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));

/**
 * What an unprefixed (Chinese) page answer depends on besides its URL: the start locale reads the
 * cookie and Accept-Language, and crawlers are told apart by their User-Agent. Shared caches must
 * key on them (or not keep the answer) so no visitor gets another's language.
 */
export const START_LOCALE_VARY = 'accept-language, cookie, user-agent';

/**
 * Decision 0033: the first visit of an unprefixed page by an English visitor is redirected to the
 * page under /en before anything is painted (SPEC section 4 "Locale at start": the cookie, else the
 * browser language, else zh-CN). Crawlers keep the Chinese page at its own URL: it is the canonical
 * and x-default of its hreflang set, and they find /en through the alternate links. `path` is the
 * request's (still percent-encoded) path; null when the page stays where it is.
 */
export function startLocaleRedirect(
  path: string,
  headers: { cookie?: string | undefined; 'accept-language'?: string | undefined; 'user-agent'?: string | undefined },
): string | null {
  const split = splitLocale(path);
  if (split.explicit) return null;
  const saved = readLocaleCookie(headers.cookie ?? '');
  // A crawler's Accept-Language is no reader's choice; a cookie is someone's choice, whoever sends it.
  if (!saved && isCrawler(headers['user-agent'] ?? '')) return null;
  const locale = saved ?? resolveStartLocale('', acceptedLanguages(headers['accept-language']));
  return locale === split.locale ? null : localizePath(path, locale);
}
