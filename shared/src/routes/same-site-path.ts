/** Control characters: a browser drops tabs and line breaks from a URL, so `/\t/host` is `//host`. */
const CONTROL = /\p{Cc}/gu;

/**
 * What a browser may read as a path separator, percent-encoded or not: `/`, `\`, `%2F`, `%5C`
 * (also encoded again: `%252F`), and an encoded control character, which a browser drops once
 * something decodes it (`/%09/host` → `/\t/host` → `//host`).
 */
const SEPARATOR = String.raw`(?:[/\\]|%(?:25)*(?:2f|5c|[01][0-9a-f]|7f))`;
const LEADING_SEPARATORS = new RegExp(`^${SEPARATOR}+`, 'i');
const SECOND_SEPARATOR = new RegExp(`^/${SEPARATOR}`, 'i');

const PROBE_ORIGIN = 'http://portal.invalid';

/**
 * A path of this site built from a value someone else chose: the request's path (language switch,
 * canonical and hreflang links, route-guard targets, the way back after login), a `redirect` query
 * parameter, a redirect rule's target. The result, as a link or a Location, stays on the origin it
 * is resolved against, and still does after one percent-decoding:
 *
 * - control characters are dropped (a browser drops tabs and line breaks itself);
 * - the run of separators the path starts with collapses into one `/` (`//host/x`, `/\host/x`,
 *   `/%2F%2Fhost/x`, `/%5Chost/x`, `/\t/host/x` all become `/host/x`: a page of this site, mostly a
 *   404); other backslashes become `/`, as browsers read them;
 * - anything else that would leave the site (not starting with `/`: absolute URLs, `javascript:`,
 *   relative paths; dot segments leading back to `//`) gives `fallback`.
 *
 * The query and hash are kept as they are. A path that needs none of this comes back unchanged, so
 * `sameSitePath(p) === p` tells whether `p` was already safe.
 */
export function sameSitePath(value: string, fallback = '/'): string {
  const clean = value.replace(CONTROL, '');
  if (!/^[/\\]/.test(clean)) return fallback;
  const cut = clean.search(/[?#]/);
  const path = cut < 0 ? clean : clean.slice(0, cut);
  const rest = cut < 0 ? '' : clean.slice(cut);
  const normalized = `/${path.replace(LEADING_SEPARATORS, '').replace(/\\/g, '/')}${rest}`;
  if (!URL.canParse(normalized, PROBE_ORIGIN)) return fallback;
  const resolved = new URL(normalized, PROBE_ORIGIN);
  // `/a/..//host` resolves to the path `//host`: on this origin, but a trap for whoever reuses it.
  return resolved.origin === PROBE_ORIGIN && !SECOND_SEPARATOR.test(resolved.pathname) ? normalized : fallback;
}
