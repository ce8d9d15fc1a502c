import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db, Tx } from '../../db/client.ts';
import { rateLimits } from './tables.ts';

/**
 * Limits kept in PostgreSQL, so every instance sees the same counts (docs/decisions/0007). Two
 * kinds of use:
 *
 * - quotas (`consume`): at most `limit` events per window, e.g. one code per destination per 60 s;
 *   several quotas are taken together or not at all, so a request refused by one of them does not
 *   use up the others;
 * - failure lockouts (`reserveFailure`, `releaseFailure`, `clearFailures`, `lockedFor`): `limit`
 *   failures within the window block the key for `blockMs`. The slot is taken before the secret is
 *   checked and given back on success, so parallel attempts cannot outrun the count.
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

/**
 * A failure count that never blocks: it only tells how many failures its window holds, for rules
 * that add friction instead of refusing (the login's account-wide count, decision 0030).
 */
export interface FailureCounter {
  key: string;
  windowMs: number;
}

const blocks = (rule: FailureRule | FailureCounter): rule is FailureRule => 'blockMs' in rule;

export type ConsumeResult = { ok: true } | { ok: false; quota: Quota; retryAfterMs: number };

/**
 * The client address as limits count it: an IPv4 address as is (also when it arrives IPv4-mapped),
 * an IPv6 address by its /64, the block one subscriber gets: a client that rotates the interface
 * part of its address is still one client.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([...parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}

/** Rows outlive their window by this much before the clean-up removes them. */
const PURGE_GRACE_MS = 60 * 60 * 1000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Takes one unit of every quota, or none when any of them is used up (then the first such quota,
 * in the order given, and how long until its window ends). The rows are locked for the
 * transaction (in key order, so concurrent callers cannot deadlock): two concurrent requests never
 * both get the last unit.
 */
export async function consume(db: Db | Tx, quotas: Quota[], now: Date): Promise<ConsumeResult> {
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
        // A request racing the one that opened the window may hold a `now` a few ms earlier than its
        // start: never more than one window to wait (it read "61 minutes" for a 60-minute window).
        const left = state.windowStart.getTime() + quota.windowMs - now.getTime();
        return { ok: false, quota, retryAfterMs: Math.min(quota.windowMs, Math.max(0, left)) };
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
 * One attempt's place in the failure count of a key: `count` is the window's count with this attempt
 * (so the n-th of parallel attempts knows it is the n-th); `startedBlock` is the block this attempt's
 * count started (it reached the limit), so giving the slot back can lift exactly that block.
 */
export interface FailureSlot {
  key: string;
  count: number;
  startedBlock: Date | null;
}

export type FailureReservation = { ok: true; slots: FailureSlot[] } | { ok: false; lockedMs: number };

/**
 * Takes a failure slot of every rule before a secret is checked, or none while any key is blocked
 * (then how long the longest block lasts). The attempt counts as a failure from this moment: the
 * one that reaches a limit blocks its key for blockMs at once, so N parallel attempts never get
 * more than `limit` checks. An attempt that succeeds gives its slot back (releaseFailure) or clears
 * the key (clearFailures). Rows are locked in key order for the transaction, as in consume.
 * Counters (no limit) are counted alike and never block.
 *
 * A window starts at the first counted attempt; a key whose block has ended starts a fresh window.
 */
export async function reserveFailure(db: Db, rules: (FailureRule | FailureCounter)[], now: Date): Promise<FailureReservation> {
  return db.transaction(async (tx) => {
    const states = new Map<string, { count: number; blockedUntil: Date | null }>();
    for (const rule of [...rules].sort((a, b) => a.key.localeCompare(b.key))) {
      const cutoff = new Date(now.getTime() - rule.windowMs);
      // A new window: the old one ended with no block running, or the block itself has ended.
      const restart = sql`(${rateLimits.blockedUntil} is null and ${rateLimits.windowStart} <= ${at(cutoff)}) or ${rateLimits.blockedUntil} <= ${at(now)}`;
      const [row] = await tx
        .insert(rateLimits)
        .values({ key: rule.key, windowStart: now, count: 0, expiresAt: new Date(now.getTime() + rule.windowMs) })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStart: sql`case when ${restart} then ${at(now)} else ${rateLimits.windowStart} end`,
            count: sql`case when ${restart} then 0 else ${rateLimits.count} end`,
            blockedUntil: sql`case when ${restart} then null else ${rateLimits.blockedUntil} end`,
            expiresAt: sql`case when ${restart} then ${at(new Date(now.getTime() + rule.windowMs))} else ${rateLimits.expiresAt} end`,
          },
        })
        .returning({ count: rateLimits.count, blockedUntil: rateLimits.blockedUntil });
      if (!row) throw new Error('upsert returned no row');
      states.set(rule.key, row);
    }
    const lockedMs = Math.max(
      0,
      ...[...states.values()].map((s) => (s.blockedUntil ? s.blockedUntil.getTime() - now.getTime() : 0)),
    );
    if (lockedMs > 0) return { ok: false, lockedMs };
    const slots: FailureSlot[] = [];
    for (const rule of rules) {
      const count = (states.get(rule.key)?.count ?? 0) + 1;
      const startedBlock = blocks(rule) && count >= rule.limit ? new Date(now.getTime() + rule.blockMs) : null;
      await tx
        .update(rateLimits)
        .set({
          count,
          ...(startedBlock && {
            blockedUntil: startedBlock,
            expiresAt: sql`greatest(${rateLimits.expiresAt}, ${at(startedBlock)})`,
          }),
        })
        .where(eq(rateLimits.key, rule.key));
      slots.push({ key: rule.key, count, startedBlock });
    }
    return { ok: true, slots };
  });
}

/**
 * Gives back the slot of an attempt that succeeded: one failure fewer, and the block its count
 * started (if any, and still the same block) lifted.
 */
export async function releaseFailure(db: Db, slot: FailureSlot): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      count: sql`greatest(${rateLimits.count} - 1, 0)`,
      ...(slot.startedBlock && {
        blockedUntil: sql`case when ${rateLimits.blockedUntil} = ${at(slot.startedBlock)} then null else ${rateLimits.blockedUntil} end`,
      }),
    })
    .where(eq(rateLimits.key, slot.key));
}

/** How many failures the current window of a counter (or rule) holds: 0 once its window has ended. */
export async function failureCount(db: Db, counter: FailureCounter, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, counter.key), gt(rateLimits.windowStart, new Date(now.getTime() - counter.windowMs))));
  return row?.count ?? 0;
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
