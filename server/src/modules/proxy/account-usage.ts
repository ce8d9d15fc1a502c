import { accountOfUsername, type CapPeriod } from '@portal/shared';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { addUsage, countersOf, dayOf, limitReached, limitsCrossed, monthOf } from './periods.ts';
import { periodBytes } from './service.ts';
import { proxyAccounts } from './tables.ts';

const MIB = 1024 * 1024;

/** Usage the network attributed to one of a user's proxy accounts (by the username it authenticated). */
export interface AccountUsage {
  userId: number;
  /** The username as reported: bare or with its targeting. */
  username: string;
  bytes: number;
  usedAt: number;
}

/** A sub-account whose capped period went past 80 % or 100 % of its cap in this batch. */
export interface CapCrossing {
  userId: number;
  accountId: number;
  account: string;
  capMb: number;
  capPeriod: CapPeriod;
  /** `2026-11` for a monthly cap, `total` otherwise: a level alerts once per period (and cap). */
  periodKey: string;
  level: 80 | 100;
  usedMb: number;
}

/** An account's own spend limit that this batch used up. */
export interface AccountLimitCrossing {
  userId: number;
  accountId: number;
  account: string;
  period: 'day' | 'month';
  periodKey: string;
  limitMb: number;
  usedMb: number;
}

export interface AccountUsageResult {
  /** Reported username → the account id it names (only the user's own accounts). */
  accountIds: Map<string, number>;
  /** Sub-accounts at or past their cap after this batch: the network should stop serving them. */
  capped: string[];
  crossings: CapCrossing[];
  /** Accounts at or past their own daily or monthly spend limit after this batch. */
  limited: string[];
  limitCrossings: AccountLimitCrossing[];
}

const periodKeyOf = (period: CapPeriod, at: number) => (period === 'total' ? 'total' : new Date(at).toISOString().slice(0, 7));

/**
 * Counts usage against the proxy accounts it names, in the ingestion's transaction (the caller
 * holds the owners' row locks, so one user's batches apply one after the other). A username that
 * is not one of the record's user's accounts counts for the user alone. Usage of a month after
 * the account's current one starts a new month; a late record of an earlier month counts in the
 * total only. Answers the caps crossed, for alerts, and the sub-accounts now at their cap.
 */
export async function recordAccountUsage(tx: Tx, now: Date, usage: AccountUsage[]): Promise<AccountUsageResult> {
  const result: AccountUsageResult = { accountIds: new Map(), capped: [], crossings: [], limited: [], limitCrossings: [] };
  const named = usage.flatMap((u) => {
    const account = accountOfUsername(u.username);
    return account ? [{ ...u, account }] : [];
  });
  if (named.length === 0) return result;
  const names = [...new Set(named.map((u) => u.account))];
  const owners = [...new Set(named.map((u) => u.userId))];
  // Only the batch's users' accounts: their owners are locked already, so no other lock order can meet this one.
  const rows = await tx
    .select()
    .from(proxyAccounts)
    .where(and(inArray(proxyAccounts.username, names), inArray(proxyAccounts.userId, owners)))
    .orderBy(asc(proxyAccounts.id))
    .for('update');
  const byName = new Map(rows.map((r) => [r.username, r]));
  const nowMs = now.getTime();
  const thisMonth = monthOf(nowMs);
  // account id → its usage in this batch
  const perAccount = new Map<number, Array<{ bytes: number; usedAt: number }>>();
  for (const u of named) {
    const row = byName.get(u.account);
    if (!row || row.userId !== u.userId) continue;
    result.accountIds.set(u.username, row.id);
    perAccount.set(row.id, [...(perAccount.get(row.id) ?? []), u]);
  }
  // One UPDATE for every account of the batch (a batch names up to hundreds), its rows as one JSON parameter.
  const updates: Array<Record<string, number | string | null>> = [];
  for (const row of rows) {
    const added = perAccount.get(row.id);
    if (!added) continue;
    const total = added.reduce((sum, u) => sum + u.bytes, 0);
    const before = countersOf(row);
    const month = addUsage(before.month, added, monthOf);
    const day = addUsage(before.day, added, dayOf);
    const after = {
      ...row,
      usedBytes: row.usedBytes + total,
      monthUsedBytes: month.bytes,
      usageMonth: month.period,
      dayUsedBytes: day.bytes,
      usageDay: day.period,
    };
    updates.push({
      id: row.id,
      user_id: row.userId,
      added: total,
      month_used_bytes: month.bytes,
      usage_month: month.period?.toISOString() ?? null,
      day_used_bytes: day.bytes,
      usage_day: day.period?.toISOString() ?? null,
    });
    if (!row.main) {
      if (limitReached(row, { day, month }, nowMs, 'sub_account')) result.limited.push(row.username);
      for (const c of limitsCrossed(row, before, { day, month }, nowMs)) {
        result.limitCrossings.push({ userId: row.userId, accountId: row.id, account: row.username, ...c });
      }
    }
    const cap = row.trafficCapMb;
    if (row.main || cap === null) continue;
    const beforeMb = Math.ceil(periodBytes(row, nowMs) / MIB);
    const afterMb = Math.ceil(periodBytes(after, nowMs) / MIB);
    if (afterMb >= cap) result.capped.push(row.username);
    const periodKey = periodKeyOf(row.capPeriod, row.capPeriod === 'total' ? nowMs : thisMonth);
    // A batch that passes both marks says the one that matters: the cap is reached.
    const level = beforeMb < cap && afterMb >= cap ? 100 : beforeMb < cap * 0.8 && afterMb >= cap * 0.8 ? 80 : null;
    if (level) {
      result.crossings.push({
        userId: row.userId,
        accountId: row.id,
        account: row.username,
        capMb: cap,
        capPeriod: row.capPeriod,
        periodKey,
        level,
        usedMb: afterMb,
      });
    }
  }
  if (updates.length > 0)
    await tx.execute(sql`
      update ${proxyAccounts} as a
         set used_bytes = a.used_bytes + v.added, month_used_bytes = v.month_used_bytes, usage_month = v.usage_month,
             day_used_bytes = v.day_used_bytes, usage_day = v.usage_day
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
             as v(id int, user_id int, added bigint, month_used_bytes bigint, usage_month timestamptz, day_used_bytes bigint, usage_day timestamptz)
       where a.id = v.id and a.user_id = v.user_id`);
  return result;
}
