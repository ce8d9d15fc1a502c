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
 * cookie and Accept-Language. Shared caches key on them so no visitor gets another's language. The
 * User-Agent is left out (it would split a CDN's copy per browser build): the one answer it changes,
 * the Chinese page a crawler gets where a browser would be redirected, is kept private instead
 * (`startLocaleFor`'s `crawlerKept`).
 */
export const START_LOCALE_VARY = 'accept-language, cookie';

type StartHeaders = { cookie?: string | undefined; 'accept-language'?: string | undefined; 'user-agent'?: string | undefined };

/** Where the visitor's start locale would send them, crawler or not (null: the page stays). */
function localeTarget(path: string, headers: StartHeaders): string | null {
  const split = splitLocale(path);
  if (split.explicit) return null;
  const locale = resolveStartLocale(headers.cookie ?? '', acceptedLanguages(headers['accept-language']));
  return locale === split.locale ? null : localizePath(path, locale);
}

/**
 * Decision 0033: the first visit of an unprefixed page by an English visitor is redirected to the
 * page under /en before anything is painted (SPEC section 4 "Locale at start": the cookie, else the
 * browser language, else zh-CN). Crawlers keep the Chinese page at its own URL: it is the canonical
 * and x-default of its hreflang set, and they find /en through the alternate links. `path` is the
 * request's (still percent-encoded) path. `crawlerKept`: a crawler stays on the Chinese page that a
 * browser sending the same cookie and Accept-Language would leave, so no shared cache may store that
 * answer under those headers. The User-Agent is read only when the locale asks for a move.
 */
export function startLocaleFor(path: string, headers: StartHeaders): { redirect: string | null; crawlerKept: boolean } {
  const target = localeTarget(path, headers);
  if (target === null) return { redirect: null, crawlerKept: false };
  // A crawler's Accept-Language is no reader's choice; a cookie is someone's choice, whoever sends it.
  const crawlerKept = !readLocaleCookie(headers.cookie ?? '') && isCrawler(headers['user-agent'] ?? '');
  return crawlerKept ? { redirect: null, crawlerKept } : { redirect: target, crawlerKept };
}

/** Where the first visit of an unprefixed page moves to (null: the page stays). */
export const startLocaleRedirect = (path: string, headers: StartHeaders): string | null => startLocaleFor(path, headers).redirect;
