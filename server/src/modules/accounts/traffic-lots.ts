import type { TrafficLot, TrafficLotSource } from '@portal/shared';
import { and, asc, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberUsers, trafficLots } from './tables.ts';

const DAY_MS = 86_400_000;

/** Traffic an operator grants (`ops user create --balance`, the sandbox's demo user) lasts this long. */
export const GRANT_VALIDITY_DAYS = 365;

/** Expired lots stay on the dashboard this long, so a user sees where traffic went. */
const EXPIRED_SHOWN_MS = 30 * DAY_MS;

export const lotExpiry = (from: Date, validityDays: number) => new Date(from.getTime() + validityDays * DAY_MS);

export interface NewLot {
  userId: number;
  source: TrafficLotSource;
  orderNo?: string | null;
  mb: number;
  creditedAt: Date;
  expiresAt: Date;
}

/** Adds a lot and its traffic to the member's balance, inside the caller's transaction. */
export async function grantTraffic(tx: Tx, lot: NewLot): Promise<void> {
  if (lot.mb <= 0) return;
  await tx.insert(trafficLots).values({
    userId: lot.userId,
    source: lot.source,
    orderNo: lot.orderNo ?? null,
    grantedMb: lot.mb,
    remainingMb: lot.mb,
    creditedAt: lot.creditedAt,
    expiresAt: lot.expiresAt,
  });
  await tx
    .update(memberUsers)
    .set({ limitBalance: sql`${memberUsers.limitBalance} + ${lot.mb}` })
    .where(eq(memberUsers.id, lot.userId));
}

/**
 * Credits the traffic of paid orders as lots and balance in the same round trip as the statement
 * that marks them paid. `paidOrders` is that statement (the orders module's, naming only its own
 * table); it returns `user_id`, `order_no`, `mb` (traffic and gift) and `validity_days` of each order
 * it changed. Validity runs from `creditedAt`, as the order page showed. Returns the members credited:
 * none when the statement changed no order (already paid).
 */
export async function creditOrderTraffic(tx: Tx, paidOrders: SQL, creditedAt: Date): Promise<number[]> {
  const at = creditedAt.toISOString();
  const { rows } = (await tx.execute(sql`
    with paid as (${paidOrders}), lot as (
      insert into traffic_lots (user_id, source, order_no, granted_mb, remaining_mb, credited_at, expires_at)
      select user_id, 'order', order_no, mb, mb, ${at}, ${at}::timestamptz + make_interval(days => validity_days)
        from paid where mb > 0
    )
    update member_users u set limit_balance = u.limit_balance + paid.mb
      from paid where u.id = paid.user_id
    returning u.id`)) as unknown as { rows: { id: number }[] };
  return rows.map((r) => Number(r.id));
}

/**
 * Takes back what is left of the traffic an order bought (a refund, decision 0058), inside the
 * caller's transaction: the member's row is locked first (as usage and the expiry job lock it),
 * then the lot's remainder moves to `refunded_mb` and leaves the balance. Returns the MB taken
 * (0 when the lot is used up, expired or already taken back).
 */
export async function takeBackOrderTraffic(tx: Tx, orderNo: string, now: Date): Promise<number> {
  const [lot] = await tx
    .select({ id: trafficLots.id, userId: trafficLots.userId })
    .from(trafficLots)
    .where(eq(trafficLots.orderNo, orderNo));
  if (!lot) return 0;
  await tx.select({ id: memberUsers.id }).from(memberUsers).where(eq(memberUsers.id, lot.userId)).for('update');
  const { rows } = (await tx.execute(sql`
    update traffic_lots l set refunded_mb = l.refunded_mb + old.remaining_mb, remaining_mb = 0, refunded_at = ${now.toISOString()}
      from (select id, remaining_mb from traffic_lots where id = ${lot.id} for update) old
     where l.id = old.id and old.remaining_mb > 0
    returning old.remaining_mb as mb`)) as unknown as { rows: { mb: number | string }[] };
  const mb = Number(rows[0]?.mb ?? 0);
  if (mb > 0) {
    await tx
      .update(memberUsers)
      .set({ limitBalance: sql`greatest(${memberUsers.limitBalance} - ${mb}, 0)` })
      .where(eq(memberUsers.id, lot.userId));
  }
  return mb;
}

/**
 * The lot an order bought, for a refund policy: granted and used so far (MB); null without one. The
 * member's row is locked first (as usage locks it), so no usage lands between this answer and the
 * refund that takes the lot back in the same transaction.
 */
export async function orderLotUsage(tx: Tx, orderNo: string): Promise<{ grantedMb: number; usedMb: number } | null> {
  const [owner] = await tx.select({ userId: trafficLots.userId }).from(trafficLots).where(eq(trafficLots.orderNo, orderNo));
  if (!owner) return null;
  await tx.select({ id: memberUsers.id }).from(memberUsers).where(eq(memberUsers.id, owner.userId)).for('update');
  const [lot] = await tx.select().from(trafficLots).where(eq(trafficLots.orderNo, orderNo));
  if (!lot) return null;
  return { grantedMb: lot.grantedMb, usedMb: lot.grantedMb - lot.remainingMb - lot.expiredMb - lot.refundedMb };
}

export interface Draw {
  lotId: number;
  mb: number;
}

/**
 * Takes up to `mb` from the member's lots, the one expiring first first (then the older one), and
 * lowers the balance by what it took. One statement: a running sum over the usable lots says how much
 * each gives. The caller holds the member's row lock and has expired due lots (expireLotsOf), so only
 * lots that are still valid `now` are drawn.
 */
export async function drawTraffic(tx: Tx, userId: number, mb: number, now: Date): Promise<Draw[]> {
  if (mb <= 0) return [];
  const { rows } = (await tx.execute(sql`
    with usable as (
      select id, remaining_mb,
             coalesce(sum(remaining_mb) over (order by expires_at, id rows between unbounded preceding and 1 preceding), 0) as before
        from traffic_lots
       where user_id = ${userId} and remaining_mb > 0 and expires_at > ${now.toISOString()}
    ), taken as (
      select id, least(remaining_mb, ${mb} - before) as take from usable where before < ${mb}
    )
    update traffic_lots l set remaining_mb = l.remaining_mb - taken.take
      from taken where l.id = taken.id
    returning l.id as "lotId", taken.take as "mb", l.expires_at as "expiresAt"`)) as unknown as {
    rows: { lotId: number; mb: number | string; expiresAt: Date | string }[];
  };
  const draws = rows
    .map((r) => ({ lotId: Number(r.lotId), mb: Number(r.mb), expiresAt: new Date(r.expiresAt).getTime() }))
    .sort((a, b) => a.expiresAt - b.expiresAt || a.lotId - b.lotId)
    .map(({ lotId, mb: taken }) => ({ lotId, mb: taken }));
  const total = draws.reduce((sum, d) => sum + d.mb, 0);
  if (total > 0) {
    await tx
      .update(memberUsers)
      .set({ limitBalance: sql`${memberUsers.limitBalance} - ${total}` })
      .where(eq(memberUsers.id, userId));
  }
  return draws;
}

export interface Expiry {
  userId: number;
  lotId: number;
  mb: number;
  /** The member's balance before and after this call's expiries (same for all lots of one member). */
  beforeMb: number;
  afterMb: number;
}

/**
 * Expires the due lots of members whose rows the caller has locked: each remainder moves to
 * `expired_mb` (with `expired_at`, the expiry record) and leaves the balance.
 */
export async function expireLotsOf(tx: Tx, now: Date, userIds: number[]): Promise<Expiry[]> {
  if (userIds.length === 0) return [];
  const expired = await tx
    .update(trafficLots)
    .set({ expiredMb: sql`${trafficLots.remainingMb}`, remainingMb: 0, expiredAt: now })
    .where(and(inArray(trafficLots.userId, userIds), gt(trafficLots.remainingMb, 0), lte(trafficLots.expiresAt, now)))
    .returning({ userId: trafficLots.userId, lotId: trafficLots.id, mb: trafficLots.expiredMb });
  if (expired.length === 0) return [];
  const perUser = new Map<number, number>();
  for (const e of expired) perUser.set(e.userId, (perUser.get(e.userId) ?? 0) + e.mb);
  const after = new Map<number, number>();
  for (const [userId, mb] of [...perUser].sort((a, b) => a[0] - b[0])) {
    const [row] = await tx
      .update(memberUsers)
      .set({ limitBalance: sql`greatest(${memberUsers.limitBalance} - ${mb}, 0)` })
      .where(eq(memberUsers.id, userId))
      .returning({ balance: memberUsers.limitBalance });
    after.set(userId, row?.balance ?? 0);
  }
  return expired.map((e) => ({
    ...e,
    afterMb: after.get(e.userId) ?? 0,
    beforeMb: (after.get(e.userId) ?? 0) + (perUser.get(e.userId) ?? 0),
  }));
}

/**
 * One round of the expiry job: locks up to `batch` members with due lots (SKIP LOCKED: members
 * another instance or a usage batch holds are left for the next round) and expires their lots.
 * `then` runs in the same transaction with what expired (the alerts queue theirs there).
 */
export async function expireDueLots(
  db: Db,
  now: Date,
  batch = 200,
  then?: (tx: Tx, expired: Expiry[]) => Promise<unknown>,
): Promise<Expiry[]> {
  return db.transaction(async (tx) => {
    const due = tx
      .selectDistinct({ userId: trafficLots.userId })
      .from(trafficLots)
      .where(and(gt(trafficLots.remainingMb, 0), lte(trafficLots.expiresAt, now)));
    const locked = await tx
      .select({ id: memberUsers.id })
      .from(memberUsers)
      .where(inArray(memberUsers.id, due))
      .orderBy(asc(memberUsers.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    const expired = await expireLotsOf(
      tx,
      now,
      locked.map((u) => u.id),
    );
    if (then && expired.length > 0) await then(tx, expired);
    return expired;
  });
}

type LotRow = typeof trafficLots.$inferSelect;
export const toTrafficLot = (row: LotRow): TrafficLot => ({
  id: row.id,
  source: row.source,
  orderNo: row.orderNo,
  grantedMb: row.grantedMb,
  remainingMb: row.remainingMb,
  creditedAt: row.creditedAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
  expiredAt: row.expiredAt?.getTime() ?? null,
  expiredMb: row.expiredMb,
});

/** The dashboard's lots: those with traffic left, then the ones that expired in the last 30 days. */
export async function memberLots(db: Db, userId: number, now: Date): Promise<TrafficLot[]> {
  const rows = await db
    .select()
    .from(trafficLots)
    .where(
      and(
        eq(trafficLots.userId, userId),
        or(gt(trafficLots.remainingMb, 0), gt(trafficLots.expiredAt, new Date(now.getTime() - EXPIRED_SHOWN_MS))),
      ),
    )
    // Lots with traffic left, expiring first first; then the expired ones, latest first.
    .orderBy(
      desc(sql`${trafficLots.remainingMb} > 0`),
      asc(sql`case when ${trafficLots.remainingMb} > 0 then ${trafficLots.expiresAt} end`),
      desc(trafficLots.expiresAt),
      asc(trafficLots.id),
    )
    .limit(100);
  return rows.map(toTrafficLot);
}
