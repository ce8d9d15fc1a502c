import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from './tables.ts';

/**
 * Limits kept in PostgreSQL, so every instance sees the same counts (docs/decisions/0007). Two
 * kinds of use:
 *
 * - quotas (`consume`): at most `limit` events per window, e.g. one code per destination per 60 s;
 *   several quotas are taken together or not at all, so a request refused by one of them does not
 *   use up the others;
 * - failure lockouts (`lockedFor`, `recordFailure`, `clearFailures`): `limit` failures within the
 *   window block the key for `blockMs`.
 *
 * Windows are fixed and start at the first event (not calendar days): "10 a day" means at most 10
 * in any window that starts with a counted event and lasts 24 hours.
 */
export interface Quota {
  key: string;
  limit: number;
  windowMs: number;
}

export interface FailureRule extends Quota {
  blockMs: number;
}

export type ConsumeResult = { ok: true } | { ok: false; quota: Quota; retryAfterMs: number };

/** Rows outlive their window by this much before the clean-up removes them. */
const PURGE_GRACE_MS = 60 * 60 * 1000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Takes one unit of every quota, or none when any of them is used up (then the first such quota,
 * in the order given, and how long until its window ends). The rows are locked for the
 * transaction (in key order, so concurrent callers cannot deadlock): two concurrent requests never
 * both get the last unit.
 */
export async function consume(db: Db, quotas: Quota[], now: Date): Promise<ConsumeResult> {
  return db.transaction(async (tx) => {
    const states = new Map<string, { windowStart: Date; count: number }>();
    for (const quota of [...quotas].sort((a, b) => a.key.localeCompare(b.key))) {
      const cutoff = new Date(now.getTime() - quota.windowMs);
      const expired = sql`${rateLimits.windowStart} <= ${at(cutoff)}`;
      // Creates the row, or restarts a window that has ended; either way locks it until commit.
      const [row] = await tx
        .insert(rateLimits)
        .values({ key: quota.key, windowStart: now, count: 0, expiresAt: new Date(now.getTime() + quota.windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: sql`case when ${expired} then ${at(now)} else ${rateLimits.windowStart} end`,
            count: sql`case when ${expired} then 0 else ${rateLimits.count} end`,
            expiresAt: sql`case when ${expired} then ${at(new Date(now.getTime() + quota.windowMs))} else ${rateLimits.expiresAt} end`,
          },
        })
        .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
      if (!row) throw new Error('upsert returned no row');
      states.set(quota.key, row);
    }
    for (const quota of quotas) {
      const state = states.get(quota.key);
      if (state && state.count >= quota.limit) {
        return { ok: false, quota, retryAfterMs: Math.max(0, state.windowStart.getTime() + quota.windowMs - now.getTime()) };
      }
    }
    await tx
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} + 1` })
      .where(
        inArray(
          rateLimits.key,
          quotas.map((q) => q.key),
        ),
      );
    return { ok: true };
  });
}

/** How long the longest active block of these keys still lasts, in ms (0: none is blocked). */
export async function lockedFor(db: Db, keys: string[], now: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, keys), isNotNull(rateLimits.blockedUntil), gt(rateLimits.blockedUntil, now)));
  return Math.max(0, ...rows.map((r) => (r.blockedUntil?.getTime() ?? 0) - now.getTime()));
}

/**
 * Counts one failure; the one that reaches the limit within the window blocks the key for blockMs
 * (and starts a fresh count for after the block). Returns whether the key is blocked now.
 */
export async function recordFailure(db: Db, rule: FailureRule, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - rule.windowMs);
  const expired = sql`${rateLimits.windowStart} <= ${at(cutoff)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, windowStart: now, count: 1, expiresAt: new Date(now.getTime() + rule.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then ${at(now)} else ${rateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(new Date(now.getTime() + rule.windowMs))})`,
      },
    })
    .returning({ count: rateLimits.count });
  if (!row || row.count < rule.limit) return false;
  const blockedUntil = new Date(now.getTime() + rule.blockMs);
  await db
    .update(rateLimits)
    .set({ blockedUntil, count: 0, windowStart: now, expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(blockedUntil)})` })
    .where(eq(rateLimits.key, rule.key));
  return true;
}

/** Forgets the failures of a key and ends its block (a successful login, a password reset). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Removes rows whose window and block ended over an hour ago. Cheap (index on expires_at). */
export async function purgeRateLimits(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, new Date(now.getTime() - PURGE_GRACE_MS)))
    .returning({ key: rateLimits.key });
  return rows.length;
}
