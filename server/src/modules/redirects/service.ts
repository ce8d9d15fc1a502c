import { sameSitePath, splitLocale } from '@portal/shared';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { redirectRules } from './tables.ts';

export type RedirectRule = typeof redirectRules.$inferSelect;

/**
 * The form rules are stored and looked up in: `/old-page/` and `/old-page` are the same page (the
 * router ignores trailing slashes), so they share one rule. Case is kept: paths are case-sensitive
 * in URLs, and a rule for `/Promo` should not catch `/promo`.
 */
export const normalizeRedirectPath = (path: string) => path.replace(/(?<=.)\/+$/, '');

/**
 * Every rule, path → target, held in memory: asked on every page answer and client navigation,
 * changed a few times a month by ops. Invalidated at once on every instance when the table changes
 * (cache/invalidation.ts), read again after CACHE_MAX_STALE_MS at the latest.
 */
const redirectTable = (db: Db) =>
  cacheFor(db).cached(
    'redirects:all',
    CACHE_MAX_STALE_MS,
    async () => {
      const rows = await db.select({ path: redirectRules.path, target: redirectRules.target }).from(redirectRules);
      return new Map(rows.map((row) => [row.path, row.target]));
    },
    { tags: ['redirects'] },
  );

/** The target for a locale-less path, or null. */
export async function findRedirect(db: Db, path: string): Promise<string | null> {
  return (await redirectTable(db)).get(normalizeRedirectPath(path)) ?? null;
}

export async function listRedirects(db: Db): Promise<RedirectRule[]> {
  return db.select().from(redirectRules).orderBy(asc(redirectRules.path));
}

/**
 * Creates or replaces the rule of a path (validated by the caller) and tells which happened. A rule
 * replaced without a note keeps its old note.
 */
export async function setRedirect(
  db: Db,
  rule: { path: string; target: string; note?: string },
): Promise<{ rule: RedirectRule; created: boolean }> {
  const path = normalizeRedirectPath(rule.path);
  const [row] = await db
    .insert(redirectRules)
    .values({ path, target: rule.target, note: rule.note ?? null })
    .onConflictDoUpdate({
      target: redirectRules.path,
      set: { target: rule.target, updatedAt: sql`now()`, ...(rule.note !== undefined && { note: rule.note }) },
    })
    // xmax is 0 for a freshly inserted row and set for an updated one: one statement, no race.
    .returning({ ...getTableColumns(redirectRules), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert returned no row');
  changed(db, 'redirects');
  const { created, ...saved } = row;
  return { rule: saved, created };
}

/** Deletes the rule of a path; false when there was none. */
export async function removeRedirect(db: Db, path: string): Promise<boolean> {
  const rows = await db
    .delete(redirectRules)
    .where(eq(redirectRules.path, normalizeRedirectPath(path)))
    .returning({ id: redirectRules.id });
  changed(db, 'redirects');
  return rows.length > 0;
}

/**
 * Whether a relative target stays on the origin the browser is on, the way a browser resolves it,
 * also once something decodes it: `//evil.example`, `/\\evil.example`, `/\t/evil.example` and
 * `/%2F%2Fevil.example` do not (shared sameSitePath, the rule every link built from a path follows).
 * The CLI refuses such rules (shared redirectTarget); this check holds for rows that reached the
 * table any other way.
 */
export const staysOnSite = (target: string): boolean => target.startsWith('/') && sameSitePath(target, '') === target;

/**
 * A stored target as the route guard may follow it: absolute targets are the operator's explicit
 * choice (`redirect set /partner https://partner.example.com/`); a relative one must stay on site.
 */
export const followableTarget = (target: string | null): string | null =>
  target === null || !target.startsWith('/') || staysOnSite(target) ? target : null;

/** Non-ASCII in a rule's target (`/blog/代理`) is percent-encoded: a Location header is ASCII. */
const asciiOnly = (url: string) => url.replace(/[^\x21-\x7e]+/gu, (run) => encodeURIComponent(run));

/**
 * Where the server redirects a page request under the rule `target` (SPEC section 2 route guard,
 * done before the shell loads): an absolute URL as it is; a path on this site with the visitor's
 * locale prefix when the target has none (`/en/spring-sale` under `/buy` → `/en/buy`) and the
 * visitor's query string appended. Null when the target is the requested page itself in any locale
 * (the CLI refuses such rules; a loop must not happen anyway), and when a relative target would
 * leave the site (staysOnSite).
 *
 * `requestPath` is the request's path with its locale prefix, still percent-encoded (what the rule
 * was looked up with, like the shell's guard does); `search` is '' or '?…'.
 */
export function redirectLocation(requestPath: string, search: string, target: string): string | null {
  if (!target.startsWith('/')) return new URL(target).href;
  if (!staysOnSite(target)) return null;
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const [targetPath = '/', targetQuery = ''] = target.slice(0, hashAt >= 0 ? hashAt : undefined).split(/\?(.*)/s, 2);
  const requested = splitLocale(requestPath);
  const to = splitLocale(targetPath);
  if (normalizeRedirectPath(to.path) === normalizeRedirectPath(requested.path)) return null;
  // Keep the prefix exactly as the visitor wrote it: an explicit /zh-CN is a choice (start-locale).
  const prefix = to.explicit || !requested.explicit ? '' : `/${requested.locale}`;
  const path = prefix && targetPath === '/' ? prefix : prefix + targetPath;
  const query = [targetQuery, search.replace(/^\?/, '')].filter(Boolean).join('&');
  const location = asciiOnly(`${path}${query ? `?${query}` : ''}${hash}`);
  return staysOnSite(location) ? location : null;
}
