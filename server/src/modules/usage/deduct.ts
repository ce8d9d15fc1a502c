import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type Draw, drawTraffic } from '../accounts/traffic-lots.ts';
import { deductHourRecords, deductLotDraws } from './tables.ts';

const MIB = 1024 * 1024;
const HOUR_MS = 3_600_000;

/**
 * Bills a batch's fresh usage per user and UTC hour, in the ingestion's transaction (the caller
 * holds the users' row locks and passes their balances). Each hour is billed in whole MB rounded up:
 * its charge grows by ceil(new total / 1 MiB) − what it was charged already. A user's hours are
 * paid in time order from one draw on the lots (the one expiring first first), split over the hours
 * as separate draws one per hour would have been; what the balance cannot cover is the hour's
 * uncovered MB. One read of the hours, one draw per user, one write of the hours and one of the
 * draws: the round trips do not grow with the hours of a batch. Answers each user's balance after.
 */
export async function deductUsage(
  tx: Tx,
  now: Date,
  balances: Map<number, number>,
  usage: Array<{ userId: number; usedAt: number; bytes: number }>,
): Promise<Map<number, number>> {
  // user → hour → bytes
  const perHour = new Map<number, Map<number, number>>();
  for (const r of usage) {
    const hour = Math.floor(r.usedAt / HOUR_MS) * HOUR_MS;
    const hours = perHour.get(r.userId) ?? new Map<number, number>();
    hours.set(hour, (hours.get(hour) ?? 0) + r.bytes);
    perHour.set(r.userId, hours);
  }
  const after = new Map(balances);
  if (perHour.size === 0) return after;
  const keys = [...perHour].flatMap(([userId, hours]) => [...hours.keys()].map((hour) => ({ userId, hour })));
  const { rows: existingRows } = (await tx.execute(sql`
    select d.user_id as "userId", extract(epoch from d.hour) * 1000 as "hour", d.used_bytes as "usedBytes",
           d.deducted_mb as "deductedMb", d.uncovered_mb as "uncoveredMb"
      from ${deductHourRecords} d
      join (values ${sql.join(
        keys.map((k) => sql`(${k.userId}::int, ${new Date(k.hour).toISOString()}::timestamptz)`),
        sql`, `,
      )}) as k(user_id, hour) on d.user_id = k.user_id and d.hour = k.hour`)) as unknown as {
    rows: Array<{
      userId: number;
      hour: string | number;
      usedBytes: string | number;
      deductedMb: string | number;
      uncoveredMb: string | number;
    }>;
  };
  const existing = new Map(
    existingRows.map((r) => [
      `${r.userId}:${Number(r.hour)}`,
      { usedBytes: Number(r.usedBytes), deductedMb: Number(r.deductedMb), uncoveredMb: Number(r.uncoveredMb) },
    ]),
  );

  const hourRows: SqlHour[] = [];
  const drawRows: Array<{ userId: number; hour: number; lotId: number; mb: number }> = [];
  for (const userId of [...perHour.keys()].sort((a, b) => a - b)) {
    const hours = [...(perHour.get(userId) ?? new Map<number, number>())].sort(([a], [b]) => a - b);
    let balance = balances.get(userId) ?? 0;
    const plan = hours.map(([hour, bytes]) => {
      const was = existing.get(`${userId}:${hour}`) ?? { usedBytes: 0, deductedMb: 0, uncoveredMb: 0 };
      const usedBytes = was.usedBytes + bytes;
      const due = Math.ceil(usedBytes / MIB) - was.deductedMb - was.uncoveredMb;
      const take = Math.min(balance, due);
      balance -= take;
      return { hour, was, usedBytes, due, take };
    });
    const queue = [
      ...(await drawTraffic(
        tx,
        userId,
        plan.reduce((sum, p) => sum + p.take, 0),
        now,
      )),
    ];
    let left = balances.get(userId) ?? 0;
    for (const p of plan) {
      const drawn = takeFrom(queue, p.take);
      const taken = drawn.reduce((sum, d) => sum + d.mb, 0);
      left -= taken;
      for (const d of drawn) drawRows.push({ userId, hour: p.hour, ...d });
      hourRows.push({
        userId,
        hour: p.hour,
        usedBytes: p.usedBytes,
        deductedMb: p.was.deductedMb + taken,
        uncoveredMb: p.was.uncoveredMb + (p.due - taken),
        balanceAfterMb: left,
      });
    }
    after.set(userId, left);
  }

  const { rows: ids } = (await tx.execute(sql`
    insert into ${deductHourRecords} (user_id, hour, used_bytes, deducted_mb, uncovered_mb, balance_after_mb, updated_at)
    values ${sql.join(
      hourRows.map(
        (h) =>
          sql`(${h.userId}, ${new Date(h.hour).toISOString()}::timestamptz, ${h.usedBytes}, ${h.deductedMb}, ${h.uncoveredMb}, ${h.balanceAfterMb}, ${now.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )}
    on conflict (user_id, hour) do update
       set used_bytes = excluded.used_bytes, deducted_mb = excluded.deducted_mb, uncovered_mb = excluded.uncovered_mb,
           balance_after_mb = excluded.balance_after_mb, updated_at = excluded.updated_at
    returning id, user_id as "userId", extract(epoch from hour) * 1000 as "hour"`)) as unknown as {
    rows: Array<{ id: number; userId: number; hour: string | number }>;
  };
  const recordIds = new Map(ids.map((r) => [`${r.userId}:${Number(r.hour)}`, Number(r.id)]));
  // One lot may pay an hour twice in a batch only if split; merge so the insert names each pair once.
  const perPair = new Map<string, { recordId: number; lotId: number; mb: number }>();
  for (const d of drawRows) {
    const recordId = recordIds.get(`${d.userId}:${d.hour}`);
    if (recordId === undefined) throw new Error(`no deduction record for user ${d.userId} at ${d.hour}`);
    const key = `${recordId}:${d.lotId}`;
    const pair = perPair.get(key) ?? { recordId, lotId: d.lotId, mb: 0 };
    pair.mb += d.mb;
    perPair.set(key, pair);
  }
  if (perPair.size > 0) {
    await tx
      .insert(deductLotDraws)
      .values([...perPair.values()])
      .onConflictDoUpdate({
        target: [deductLotDraws.recordId, deductLotDraws.lotId],
        set: { mb: sql`${deductLotDraws.mb} + excluded.mb` },
      });
  }
  return after;
}

interface SqlHour {
  userId: number;
  hour: number;
  usedBytes: number;
  deductedMb: number;
  uncoveredMb: number;
  balanceAfterMb: number;
}

/** Takes `mb` off the front of the draws (lots in the order they pay), splitting a lot between hours. */
function takeFrom(queue: Draw[], mb: number): Draw[] {
  const taken: Draw[] = [];
  let want = mb;
  while (want > 0 && queue.length > 0) {
    const head = queue[0] as Draw;
    const part = Math.min(head.mb, want);
    taken.push({ lotId: head.lotId, mb: part });
    want -= part;
    if (part === head.mb) queue.shift();
    else queue[0] = { lotId: head.lotId, mb: head.mb - part };
  }
  return taken;
}
