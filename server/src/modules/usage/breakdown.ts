import { accountOfUsername, USAGE_TOP_DOMAINS, type UsageBreakdown, type usageBreakdownQuery } from '@portal/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type UsageDimension, usageHourly } from './tables.ts';

const HOUR_MS = 3_600_000;
/** Rows per INSERT: 7 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 2000;

export interface RolledUsage {
  userId: number;
  usedAt: number;
  bytes: number;
  /** The proxy account's name when it is one of the user's accounts, else null. */
  account: string | null;
  host?: string | undefined;
  country?: string | undefined;
  requests?: number | undefined;
  failedRequests?: number | undefined;
}

/**
 * Adds applied records to the hourly roll-ups of each dimension, in the ingestion's transaction
 * (only records applied now reach here, so a resent batch adds nothing). One multi-row upsert per
 * chunk; rows are sorted so concurrent batches take the rows' locks in one order.
 */
export async function rollUpUsage(tx: Tx, records: RolledUsage[]): Promise<void> {
  const rows = new Map<string, typeof usageHourly.$inferInsert>();
  for (const r of records) {
    const hour = Math.floor(r.usedAt / HOUR_MS) * HOUR_MS;
    const keys: [UsageDimension, string][] = [
      ['account', r.account ?? ''],
      ['domain', r.host ?? ''],
      ['country', r.country ?? ''],
    ];
    for (const [dimension, key] of keys) {
      const id = `${r.userId}\u0000${dimension}\u0000${hour}\u0000${key}`;
      const row = rows.get(id) ?? {
        userId: r.userId,
        dimension,
        key,
        hour: new Date(hour),
        bytes: 0,
        requests: 0,
        failedRequests: 0,
      };
      row.bytes = (row.bytes ?? 0) + r.bytes;
      row.requests = (row.requests ?? 0) + (r.requests ?? 0);
      row.failedRequests = (row.failedRequests ?? 0) + (r.failedRequests ?? 0);
      rows.set(id, row);
    }
  }
  const sorted = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  for (let i = 0; i < sorted.length; i += CHUNK) {
    await tx
      .insert(usageHourly)
      .values(sorted.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [usageHourly.userId, usageHourly.dimension, usageHourly.hour, usageHourly.key],
        set: {
          bytes: sql`${usageHourly.bytes} + excluded.bytes`,
          requests: sql`${usageHourly.requests} + excluded.requests`,
          failedRequests: sql`${usageHourly.failedRequests} + excluded.failed_requests`,
        },
      });
  }
}

/** The account key of a record: the account its username names, when the ingestion matched it to the user's own. */
export const accountKey = (username: string | undefined, matched: Map<string, number>) =>
  username !== undefined && matched.has(username) ? accountOfUsername(username) : null;

type Query = z.output<typeof usageBreakdownQuery>;
const DIMENSION: Record<Query['groupBy'], UsageDimension> = {
  none: 'account',
  subAccount: 'account',
  domain: 'domain',
  country: 'country',
};

interface Figures {
  bytes: number;
  requests: number;
  failedRequests: number;
}
const add = (a: Figures, b: Figures) => {
  a.bytes += b.bytes;
  a.requests += b.requests;
  a.failedRequests += b.failedRequests;
};
const zero = (): Figures => ({ bytes: 0, requests: 0, failedRequests: 0 });

/**
 * One member's usage from the roll-ups: buckets of the zone's days or hours (the roll-ups are UTC
 * hours, so a zone with a half-hour offset puts each UTC hour in the bucket where it starts),
 * grouped by one dimension, busiest group first. Domains after the busiest 20 are one "other" group.
 */
export async function usageBreakdownOf(db: Db, userId: number, q: Query): Promise<UsageBreakdown> {
  const grouped = q.groupBy !== 'none';
  const start = sql<string>`date_trunc(${q.granularity}, ${usageHourly.hour} at time zone ${q.timeZone}) at time zone ${q.timeZone}`;
  const key = grouped ? usageHourly.key : sql<string>`''`;
  const rows = await db
    .select({
      start: start.mapWith((v: string | Date) => new Date(v).getTime()),
      key,
      bytes: sql<number>`sum(${usageHourly.bytes})::bigint`.mapWith(Number),
      requests: sql<number>`sum(${usageHourly.requests})::bigint`.mapWith(Number),
      failedRequests: sql<number>`sum(${usageHourly.failedRequests})::bigint`.mapWith(Number),
    })
    .from(usageHourly)
    .where(
      and(
        eq(usageHourly.userId, userId),
        eq(usageHourly.dimension, DIMENSION[q.groupBy]),
        gte(usageHourly.hour, new Date(q.from)),
        lt(usageHourly.hour, new Date(q.to)),
      ),
    )
    .groupBy(sql`1`, sql`2`);

  const totals = new Map<string, Figures>();
  for (const r of rows) {
    const sum = totals.get(r.key) ?? zero();
    add(sum, r);
    totals.set(r.key, sum);
  }
  const ranked = [...totals.entries()].sort(([ka, a], [kb, b]) => b.bytes - a.bytes || (ka < kb ? -1 : 1));
  // Only named domains beyond the busiest 20 fold into "other"; usage without a domain stays its own row.
  const named = ranked.filter(([k]) => k !== '');
  const folded =
    q.groupBy === 'domain' && named.length > USAGE_TOP_DOMAINS
      ? new Set(named.slice(USAGE_TOP_DOMAINS).map(([k]) => k))
      : new Set();
  const OTHER = '\u0000other';
  const groupOf = (k: string) => (folded.has(k) ? OTHER : k);

  const groups = new Map<string, Figures>();
  for (const [k, figures] of ranked) {
    const g = groupOf(k);
    const sum = groups.get(g) ?? zero();
    add(sum, figures);
    groups.set(g, sum);
  }
  const points = new Map<string, Figures & { start: number; group: string }>();
  for (const r of rows) {
    const g = groupOf(r.key);
    const id = `${r.start}\u0000${g}`;
    const point = points.get(id) ?? { start: r.start, group: g, ...zero() };
    add(point, r);
    points.set(id, point);
  }
  const label = (g: string) => ({ key: g === '' || g === OTHER ? null : g, other: g === OTHER });
  const total = zero();
  for (const g of groups.values()) add(total, g);
  return {
    from: q.from,
    to: q.to,
    granularity: q.granularity,
    groupBy: q.groupBy,
    timeZone: q.timeZone,
    groups: [...groups.entries()]
      .sort(([ga, a], [gb, b]) => Number(ga === OTHER) - Number(gb === OTHER) || b.bytes - a.bytes)
      .map(([g, f]) => ({ ...label(g), ...f })),
    points: [...points.values()]
      .sort((a, b) => a.start - b.start || b.bytes - a.bytes)
      .map(({ start: s, group, ...f }) => ({ start: s, ...label(group), ...f })),
    total,
  };
}
