import type { CapPeriod } from '@portal/shared';

/**
 * The UTC periods caps and spend limits count (decisions 0049, 0050), and the counters that follow
 * them: one running total for the latest day or month usage was reported for. Pure, so the
 * ingestion and the verify call read them the same way.
 */

const MIB = 1024 * 1024;
const DAY_MS = 86_400_000;
export const toMb = (bytes: number) => Math.ceil(bytes / MIB);

/** The first instant of `at`'s calendar month, UTC. */
export const monthOf = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
export const nextMonthOf = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
/** UTC midnight of `at`'s day. */
export const dayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;

export interface Counter {
  bytes: number;
  /** The period the bytes are of (its first instant); null: nothing counted yet. */
  period: Date | null;
}

/**
 * Adds usage to a counter of periods cut by `periodOf`: usage of a later period starts that period
 * afresh; a late record of an earlier period counts nowhere (its period is over).
 */
export function addUsage(counter: Counter, usage: Iterable<{ bytes: number; usedAt: number }>, periodOf: (at: number) => number) {
  const byPeriod = new Map<number, number>();
  for (const u of usage) byPeriod.set(periodOf(u.usedAt), (byPeriod.get(periodOf(u.usedAt)) ?? 0) + u.bytes);
  let period = counter.period?.getTime() ?? null;
  let bytes = counter.bytes;
  for (const [p, added] of [...byPeriod].sort(([a], [b]) => a - b)) {
    if (period === null || p > period) {
      period = p;
      bytes = added;
    } else if (p === period) bytes += added;
  }
  return { bytes, period: period === null ? null : new Date(period) };
}

/** Bytes a counter holds for the period `now` is in (0 when it last counted an earlier one). */
export const bytesNow = (counter: Counter, now: number, periodOf: (at: number) => number) =>
  counter.period?.getTime() === periodOf(now) ? counter.bytes : 0;

/** The day and month counters of a row (a proxy account's or the whole account's spend). */
export const countersOf = (row: {
  dayUsedBytes: number;
  usageDay: Date | null;
  monthUsedBytes: number;
  usageMonth: Date | null;
}): { day: Counter; month: Counter } => ({
  day: { bytes: row.dayUsedBytes, period: row.usageDay },
  month: { bytes: row.monthUsedBytes, period: row.usageMonth },
});

/** What a day and month counter pair hold now, as the contract shows it. */
export function usedNow(c: { day: Counter; month: Counter }, now: number) {
  return { todayUsedMb: toMb(bytesNow(c.day, now, dayOf)), monthUsedMb: toMb(bytesNow(c.month, now, monthOf)) };
}

export interface Limits {
  dailyLimitMb: number | null;
  monthlyLimitMb: number | null;
}

export interface LimitHit {
  scope: 'account' | 'sub_account';
  period: 'day' | 'month';
  limitMb: number;
  usedMb: number;
  resetsAt: number;
}

/** The first of the limits that is used up now, the day's before the month's; null: none. */
export function limitReached(
  limits: Limits,
  c: { day: Counter; month: Counter },
  now: number,
  scope: LimitHit['scope'],
): LimitHit | null {
  const { todayUsedMb, monthUsedMb } = usedNow(c, now);
  if (limits.dailyLimitMb !== null && todayUsedMb >= limits.dailyLimitMb) {
    return { scope, period: 'day', limitMb: limits.dailyLimitMb, usedMb: todayUsedMb, resetsAt: dayOf(now) + DAY_MS };
  }
  if (limits.monthlyLimitMb !== null && monthUsedMb >= limits.monthlyLimitMb) {
    return { scope, period: 'month', limitMb: limits.monthlyLimitMb, usedMb: monthUsedMb, resetsAt: nextMonthOf(now) };
  }
  return null;
}

/** The limits a batch took from below to at or past (for alerts): `2026-11-27` or `2026-11` names the period. */
export function limitsCrossed(
  limits: Limits,
  before: { day: Counter; month: Counter },
  after: { day: Counter; month: Counter },
  now: number,
): Array<{ period: 'day' | 'month'; periodKey: string; limitMb: number; usedMb: number }> {
  const was = usedNow(before, now);
  const is = usedNow(after, now);
  const iso = new Date(now).toISOString();
  const crossed: Array<{ period: 'day' | 'month'; periodKey: string; limitMb: number; usedMb: number }> = [];
  const d = limits.dailyLimitMb;
  if (d !== null && was.todayUsedMb < d && is.todayUsedMb >= d) {
    crossed.push({ period: 'day', periodKey: iso.slice(0, 10), limitMb: d, usedMb: is.todayUsedMb });
  }
  const m = limits.monthlyLimitMb;
  if (m !== null && was.monthUsedMb < m && is.monthUsedMb >= m) {
    crossed.push({ period: 'month', periodKey: iso.slice(0, 7), limitMb: m, usedMb: is.monthUsedMb });
  }
  return crossed;
}

/** Bytes a cap counts now: this month's for a monthly cap, everything for a lifetime cap. */
export function capBytes(row: { capPeriod: CapPeriod; usedBytes: number; month: Counter }, now: number): number {
  return row.capPeriod === 'total' ? row.usedBytes : bytesNow(row.month, now, monthOf);
}
