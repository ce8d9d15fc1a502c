import { DASHBOARD_DAYS, type DeductHourRecord, type LotDraw, type usageRecord } from '@portal/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, max, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { memberUsers, trafficLots } from '../accounts/tables.ts';
import { expireLotsOf, memberLots } from '../accounts/traffic-lots.ts';
import { queueCapAlerts, queueLimitAlerts } from '../alerts/cap-alerts.ts';
import { queueBalanceAlerts } from '../alerts/service.ts';
import { rechargeTotals } from '../orders/service.ts';
import { recordAccountUsage } from '../proxy/account-usage.ts';
import { recordSpend } from '../proxy/spend.ts';
import { accountKey, rollUpUsage } from './breakdown.ts';
import { deductUsage } from './deduct.ts';
import { deductHourRecords, deductLotDraws, usageRecords } from './tables.ts';

const DAY_MS = 86_400_000;

/** One record of the network's batch (the contract's `usageRecord`): the optional fields describe it. */
export type UsageInput = z.output<typeof usageRecord>;

export interface IngestResult {
  applied: number;
  duplicates: number;
  unknownUsers: number;
  exhaustedUserIds: number[];
  cappedAccounts: string[];
  limitedUserIds: number[];
  limitedAccounts: string[];
}

/**
 * Applies a batch of usage records in one transaction. Records are deduplicated by id (a resent
 * batch changes nothing), summed per user and UTC hour, and each hour is billed in whole MB rounded
 * up: the hour's charge grows by ceil(new total / 1 MiB) − what it was already charged. The lots pay
 * what they can, the one expiring first first (lots already expired are expired here first, so none
 * pays after its expiry); the rest is kept as the hour's uncovered MB, so the balance never goes
 * negative and no usage goes unrecorded. Users are locked in id order, so concurrent batches cannot
 * deadlock, and every change to a user's lots happens under that lock.
 */
export async function ingestUsage(db: Db, now: Date, records: UsageInput[]): Promise<IngestResult> {
  return db.transaction(async (tx) => {
    // The same id twice in one batch counts once, like across batches.
    const unique = [...new Map(records.map((r) => [r.id, r])).values()];
    const userIds = [...new Set(unique.map((r) => r.userId))].sort((a, b) => a - b);
    const locked = userIds.length
      ? await tx
          .select({ id: memberUsers.id, balance: memberUsers.limitBalance })
          .from(memberUsers)
          .where(inArray(memberUsers.id, userIds))
          .orderBy(asc(memberUsers.id))
          .for('update')
      : [];
    const lockedIds = locked.map((u) => u.id);
    await expireLotsOf(tx, now, lockedIds);
    const users = lockedIds.length
      ? await tx
          .select({ id: memberUsers.id, balance: memberUsers.limitBalance })
          .from(memberUsers)
          .where(inArray(memberUsers.id, lockedIds))
      : [];
    const balances = new Map(users.map((u) => [u.id, u.balance]));
    const known = unique.filter((r) => balances.has(r.userId));
    // The ids as one JSON parameter: hundreds of records bind one parameter, not five each.
    const { rows: inserted } = known.length
      ? ((await tx.execute(sql`
          insert into ${usageRecords} (id, user_id, bytes, used_at, ingested_at)
          select r.id, r.user_id, r.bytes, to_timestamp(r.used_at / 1000.0), ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(known.map((r) => ({ id: r.id, user_id: r.userId, bytes: r.bytes, used_at: r.usedAt })))}::jsonb)
                 as r(id text, user_id int, bytes bigint, used_at bigint)
          on conflict (id) do nothing
          returning id`)) as unknown as { rows: { id: string }[] })
      : { rows: [] };
    const fresh = new Set(inserted.map((r) => r.id));
    const freshRecords = known.filter((r) => fresh.has(r.id));
    // Sub-account usage and caps (issue 31): the proxy module counts, the alerts module tells the owner.
    const accounts = await recordAccountUsage(
      tx,
      now,
      freshRecords.flatMap((r) =>
        r.username ? [{ userId: r.userId, username: r.username, bytes: r.bytes, usedAt: r.usedAt }] : [],
      ),
    );
    // Spend limits (issue 31, ask 4): the whole account counts all its usage, named or not.
    const spend = await recordSpend(tx, now, freshRecords);
    await queueCapAlerts(tx, now, accounts.crossings);
    await queueLimitAlerts(tx, now, [...spend.crossings, ...accounts.limitCrossings]);
    await rollUpUsage(
      tx,
      freshRecords.map((r) => ({
        userId: r.userId,
        usedAt: r.usedAt,
        bytes: r.bytes,
        account: accountKey(r.username, accounts.accountIds),
        host: r.host,
        country: r.country,
        requests: r.requests,
        failedRequests: r.failedRequests,
      })),
    );

    const after = await deductUsage(tx, now, balances, freshRecords);
    const exhausted = [...new Set(freshRecords.map((r) => r.userId))].sort((a, b) => a - b).filter((id) => after.get(id) === 0);
    // Low-balance and zero alerts, queued in this transaction (docs/decisions/0025); before = before lot expiry.
    await queueBalanceAlerts(
      tx,
      now,
      locked.map((u) => ({ userId: u.id, beforeMb: u.balance, afterMb: after.get(u.id) ?? u.balance })),
    );
    return {
      applied: fresh.size,
      duplicates: known.length - fresh.size,
      unknownUsers: unique.length - known.length,
      exhaustedUserIds: exhausted,
      cappedAccounts: accounts.capped,
      limitedUserIds: spend.limitedUserIds,
      limitedAccounts: accounts.limited,
    };
  });
}

type RecordRow = typeof deductHourRecords.$inferSelect;
const toRecord = (row: RecordRow, draws: LotDraw[]): DeductHourRecord => ({
  id: row.id,
  hour: row.hour.getTime(),
  usedBytes: row.usedBytes,
  deductedMb: row.deductedMb,
  uncoveredMb: row.uncoveredMb,
  balanceAfterMb: row.balanceAfterMb,
  draws,
});

/** The lots that paid each of these records, the one expiring first first. */
async function drawsOf(db: Db, recordIds: number[]): Promise<Map<number, LotDraw[]>> {
  const byRecord = new Map<number, LotDraw[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select({
      recordId: deductLotDraws.recordId,
      lotId: deductLotDraws.lotId,
      mb: deductLotDraws.mb,
      orderNo: trafficLots.orderNo,
      source: trafficLots.source,
      expiresAt: trafficLots.expiresAt,
    })
    .from(deductLotDraws)
    .innerJoin(trafficLots, eq(trafficLots.id, deductLotDraws.lotId))
    .where(inArray(deductLotDraws.recordId, recordIds))
    .orderBy(asc(trafficLots.expiresAt), asc(trafficLots.id));
  for (const r of rows) {
    const list = byRecord.get(r.recordId) ?? [];
    list.push({ lotId: r.lotId, orderNo: r.orderNo, source: r.source, expiresAt: r.expiresAt.getTime(), mb: r.mb });
    byRecord.set(r.recordId, list);
  }
  return byRecord;
}

export interface RecordQuery {
  pageNo: number;
  pageSize: number;
  from?: number | undefined;
  to?: number | undefined;
}

export async function deductRecords(db: Db, userId: number, q: RecordQuery) {
  const where: SQL[] = [eq(deductHourRecords.userId, userId)];
  if (q.from !== undefined) where.push(gte(deductHourRecords.hour, new Date(q.from)));
  if (q.to !== undefined) where.push(lt(deductHourRecords.hour, new Date(q.to)));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deductHourRecords)
      .where(condition)
      .orderBy(desc(deductHourRecords.hour))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ total: count() }).from(deductHourRecords).where(condition),
  ]);
  const draws = await drawsOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toRecord(r, draws.get(r.id) ?? [])), total: total?.total ?? 0 };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dashboard's figures; days are UTC (SPEC section 9). */
export async function dashboard(db: Db, now: Date, userId: number) {
  const [user] = await db
    .select({ balance: memberUsers.limitBalance, status: memberUsers.identificationStatus })
    .from(memberUsers)
    .where(eq(memberUsers.id, userId));
  const totals = await rechargeTotals(db, userId);
  const [consumption] = await db
    .select({ mb: sql<number>`coalesce(sum(${deductHourRecords.deductedMb}), 0)::bigint` })
    .from(deductHourRecords)
    .where(eq(deductHourRecords.userId, userId));
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = today - (DASHBOARD_DAYS - 1) * DAY_MS;
  const day = sql<string>`to_char(${deductHourRecords.hour} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({ day, mb: sql<number>`sum(${deductHourRecords.deductedMb})::bigint` })
    .from(deductHourRecords)
    .where(and(eq(deductHourRecords.userId, userId), gte(deductHourRecords.hour, new Date(first))))
    .groupBy(day);
  const byDay = new Map(perDay.map((d) => [d.day, Number(d.mb)]));
  const [latest] = await db.select({ at: max(usageRecords.ingestedAt) }).from(usageRecords);
  const lots = await memberLots(db, userId, now);
  return {
    remainingMb: user?.balance ?? 0,
    totalRechargeMb: totals.trafficMb,
    totalRechargeFen: totals.amountFen,
    totalConsumptionMb: Number(consumption?.mb ?? 0),
    identificationStatus: user?.status ?? 0,
    daily: Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const date = isoDay(first + i * DAY_MS);
      return { date, usedMb: byDay.get(date) ?? 0 };
    }),
    usageUpdatedAt: latest?.at ? new Date(latest.at).getTime() : null,
    lots,
  };
}
