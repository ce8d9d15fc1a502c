import { accountOfUsername, USAGE_TOP_DOMAINS, type UsageBreakdown, type usageBreakdownQuery } from '@portal/shared';
import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type UsageDimension, usageDaily, usageHourly } from './tables.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

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
  if (records.length === 0) return;
  await upsertRollUps(tx, sql`usage_hourly`, sql`hour`, sumBy(records, HOUR_MS));
  await upsertRollUps(tx, sql`usage_daily`, sql`day`, sumBy(records, DAY_MS));
}

/**
 * One upsert of many roll-up rows, sent as one JSON parameter: a thousand rows cost one parameter to
 * bind instead of seven thousand. Rows go in the conflict target's order, so concurrent batches take
 * the rows' locks in one order.
 */
async function upsertRollUps(tx: Tx, table: SQL, period: SQL, rows: RollUpRow[]) {
  await tx.execute(sql`
    insert into ${table} as t (user_id, dimension, ${period}, key, bytes, requests, failed_requests)
    select r.user_id, r.dimension, to_timestamp(r.start / 1000.0), r.key, r.bytes, r.requests, r.failed_requests
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           as r(user_id int, dimension text, key text, start bigint, bytes bigint, requests bigint, failed_requests bigint)
     order by 1, 2, 3, 4
    on conflict (user_id, dimension, ${period}, key) do update
       set bytes = t.bytes + excluded.bytes, requests = t.requests + excluded.requests,
           failed_requests = t.failed_requests + excluded.failed_requests`);
}

/** A roll-up row as the upsert's JSON carries it. */
interface RollUpRow {
  user_id: number;
  dimension: UsageDimension;
  key: string;
  start: number;
  bytes: number;
  requests: number;
  failed_requests: number;
}

/** Records summed per user, dimension, UTC period and key. */
function sumBy(records: RolledUsage[], periodMs: number): RollUpRow[] {
  const rows = new Map<string, RollUpRow>();
  for (const r of records) {
    const start = Math.floor(r.usedAt / periodMs) * periodMs;
    const keys: [UsageDimension, string][] = [
      ['account', r.account ?? ''],
      ['domain', r.host ?? ''],
      ['country', r.country ?? ''],
    ];
    for (const [dimension, key] of keys) {
      const id = `${r.userId}\u0000${dimension}\u0000${start}\u0000${key}`;
      const row = rows.get(id) ?? { user_id: r.userId, dimension, key, start, bytes: 0, requests: 0, failed_requests: 0 };
      row.bytes += r.bytes;
      row.requests += r.requests ?? 0;
      row.failed_requests += r.failedRequests ?? 0;
      rows.set(id, row);
    }
  }
  return [...rows.values()];
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

const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'GMT', 'Etc/GMT']);
const summed = (c: SQL | AnyColumn) => sql<number>`sum(${c})::bigint`.mapWith(Number);

/**
 * Days in UTC: whole days from the daily roll-ups, and a range's partial first and last day from
 * the hourly ones (the points of one day add up afterwards).
 */
async function utcDays(db: Db, userId: number, q: Query, grouped: boolean) {
  const firstDay = Math.ceil(q.from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(q.to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return zoneBuckets(db, userId, q, grouped);
  const [head, whole, tail] = await Promise.all([
    q.from < firstDay ? zoneBuckets(db, userId, { ...q, to: firstDay }, grouped) : [],
    wholeDays(db, userId, { ...q, from: firstDay, to: lastDay }, grouped),
    lastDay < q.to ? zoneBuckets(db, userId, { ...q, from: lastDay }, grouped) : [],
  ]);
  return [...head, ...whole, ...tail];
}

function wholeDays(db: Db, userId: number, q: Query, grouped: boolean) {
  return db
    .select({
      start: sql<number>`${usageDaily.day}`.mapWith((v: string | Date) => new Date(v).getTime()),
      key: grouped ? usageDaily.key : sql<string>`''`,
      bytes: summed(usageDaily.bytes),
      requests: summed(usageDaily.requests),
      failedRequests: summed(usageDaily.failedRequests),
    })
    .from(usageDaily)
    .where(
      and(
        eq(usageDaily.userId, userId),
        eq(usageDaily.dimension, DIMENSION[q.groupBy]),
        gte(usageDaily.day, new Date(q.from)),
        lt(usageDaily.day, new Date(q.to)),
      ),
    )
    .groupBy(sql`1`, sql`2`);
}

/** Hours, or days of any zone: summed from the hourly roll-ups. */
function zoneBuckets(db: Db, userId: number, q: Query, grouped: boolean) {
  const start = sql<string>`date_trunc(${q.granularity}, ${usageHourly.hour} at time zone ${q.timeZone}) at time zone ${q.timeZone}`;
  return db
    .select({
      start: start.mapWith((v: string | Date) => new Date(v).getTime()),
      key: grouped ? usageHourly.key : sql<string>`''`,
      bytes: summed(usageHourly.bytes),
      requests: summed(usageHourly.requests),
      failedRequests: summed(usageHourly.failedRequests),
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
}

/**
 * One member's usage from the roll-ups: buckets of the zone's days or hours (the roll-ups are UTC
 * hours, so a zone with a half-hour offset puts each UTC hour in the bucket where it starts),
 * grouped by one dimension, busiest group first. Domains after the busiest 20 are one "other" group.
 */
export async function usageBreakdownOf(db: Db, userId: number, q: Query): Promise<UsageBreakdown> {
  const grouped = q.groupBy !== 'none';
  const rows =
    q.granularity === 'day' && UTC_ZONES.has(q.timeZone)
      ? await utcDays(db, userId, q, grouped)
      : await zoneBuckets(db, userId, q, grouped);

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
