import type { AccountSpend } from '@portal/shared';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { addUsage, countersOf, dayOf, type Limits, limitReached, limitsCrossed, monthOf, usedNow } from './periods.ts';
import { proxySpend } from './tables.ts';

type SpendRow = typeof proxySpend.$inferSelect;

const NOTHING_YET = {
  dailyLimitMb: null,
  monthlyLimitMb: null,
  dayUsedBytes: 0,
  usageDay: null,
  monthUsedBytes: 0,
  usageMonth: null,
} as const;

const toSpend = (row: Omit<SpendRow, 'userId'>, now: number): AccountSpend => ({
  dailyLimitMb: row.dailyLimitMb,
  monthlyLimitMb: row.monthlyLimitMb,
  ...usedNow(countersOf(row), now),
});

/** The whole account's spend limits and what they count now. */
export async function accountSpend(db: Db, now: Date, userId: number): Promise<AccountSpend> {
  const [row] = await db.select().from(proxySpend).where(eq(proxySpend.userId, userId));
  return toSpend(row ?? NOTHING_YET, now.getTime());
}

/** Sets (or removes, with null) the whole account's limits; what was counted stays. */
export async function setSpendLimits(db: Db, now: Date, userId: number, limits: Limits): Promise<AccountSpend> {
  const [row] = await db
    .insert(proxySpend)
    .values({ userId, ...limits })
    .onConflictDoUpdate({ target: proxySpend.userId, set: limits })
    .returning();
  if (!row) throw new Error('upsert returned nothing');
  return toSpend(row, now.getTime());
}

/** A whole account's limit that a batch used up, for the owner's alert. */
export interface SpendLimitCrossing {
  userId: number;
  period: 'day' | 'month';
  periodKey: string;
  limitMb: number;
  usedMb: number;
}

/**
 * Counts a batch's usage against its users' day and month, in the ingestion's transaction (the
 * caller holds the users' row locks). Every user of the batch is counted, with limits or not, so a
 * limit set later counts its period from the start. Answers the users whose limit is used up now
 * (the network should stop all their accounts) and the limits this batch used up.
 */
export async function recordSpend(
  tx: Tx,
  now: Date,
  usage: Array<{ userId: number; bytes: number; usedAt: number }>,
): Promise<{ limitedUserIds: number[]; crossings: SpendLimitCrossing[] }> {
  const result = { limitedUserIds: [] as number[], crossings: [] as SpendLimitCrossing[] };
  const perUser = new Map<number, Array<{ bytes: number; usedAt: number }>>();
  for (const u of usage) perUser.set(u.userId, [...(perUser.get(u.userId) ?? []), u]);
  if (perUser.size === 0) return result;
  const userIds = [...perUser.keys()].sort((a, b) => a - b);
  const rows = await tx
    .select()
    .from(proxySpend)
    .where(inArray(proxySpend.userId, userIds))
    .orderBy(asc(proxySpend.userId))
    .for('update');
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const nowMs = now.getTime();
  const values: SQL[] = [];
  for (const userId of userIds) {
    const row = byUser.get(userId) ?? { userId, ...NOTHING_YET };
    const added = perUser.get(userId) ?? [];
    const before = countersOf(row);
    const after = { day: addUsage(before.day, added, dayOf), month: addUsage(before.month, added, monthOf) };
    values.push(
      sql`(${userId}::int, ${after.day.bytes}::bigint, ${after.day.period?.toISOString() ?? null}::timestamptz, ${after.month.bytes}::bigint, ${after.month.period?.toISOString() ?? null}::timestamptz)`,
    );
    if (limitReached(row, after, nowMs, 'account')) result.limitedUserIds.push(userId);
    for (const c of limitsCrossed(row, before, after, nowMs)) result.crossings.push({ userId, ...c });
  }
  // One statement for the batch's users: new ones get a row, limits untouched.
  await tx.execute(sql`
    insert into ${proxySpend} (user_id, day_used_bytes, usage_day, month_used_bytes, usage_month)
    values ${sql.join(values, sql`, `)}
    on conflict (user_id) do update
       set day_used_bytes = excluded.day_used_bytes, usage_day = excluded.usage_day,
           month_used_bytes = excluded.month_used_bytes, usage_month = excluded.usage_month`);
  return result;
}
