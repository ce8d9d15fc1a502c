import type { RefundOrigin } from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation, makeNumber } from '../../db/numbers.ts';
import type { RefundAnswer } from './gateways/types.ts';
import type { Payment } from './order-kinds.ts';
import { PaymentStatus, payments, refunds } from './tables.ts';

/**
 * Every write of the refunds table (decision 0058), here in its module: the refunds module decides
 * and orchestrates (refunds/service.ts, refunds/job.ts) and calls these, in its transaction where
 * one is given. The amount guard of a new refund and the "settle once" guard of an answer are in
 * the statements themselves.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** How long a claimed refund is left to the instance that claimed it (its provider call's bound). */
export const REFUND_LEASE_MS = 2 * 60_000;
/** Provider calls before a refund that keeps failing is closed for an operator. */
export const MAX_REFUND_ATTEMPTS = 20;
export const REFUND_BATCH = 20;

/** Wait before the next try: 1, 2, 4 … minutes, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** What is left to refund of a payment (fen): paid minus every refund recorded, whatever its state. */
export async function refundableFen(tx: Tx, payment: Payment): Promise<number> {
  const [row] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  return payment.amountFen - Number(row?.refunded ?? 0);
}

export interface NewRefund {
  payment: Payment;
  orderNo: string;
  amountFen: number;
  origin: RefundOrigin;
  reason: string;
  actor: string;
  removedMb: number;
  releasedIps: number;
}

/**
 * Inserts the refund only when its amount fits in the payment minus every refund of it (the guard
 * is in the statement, not only in the code before it), under a fresh `F…` number. Undefined when
 * it does not fit.
 */
export async function insertRefund(tx: Tx, now: Date, r: NewRefund) {
  for (let attempt = 0; ; attempt++) {
    const refundNo = makeNumber('F', now);
    try {
      const result = await tx.execute(sql`
        insert into ${refunds} (refund_no, payment_id, order_kind, order_id, order_no, user_id, amount_fen, status, origin,
                                reason, actor, removed_mb, released_ips, next_attempt_at, created_at)
        select ${refundNo}, p.id, p.order_kind, p.order_id, ${r.orderNo}, p.user_id, ${r.amountFen}, 'requested', ${r.origin},
               ${r.reason.slice(0, 500)}, ${r.actor}, ${r.removedMb}, ${r.releasedIps}, ${now.toISOString()}, ${now.toISOString()}
          from ${payments} p
         where p.id = ${r.payment.id} and p.status = ${PaymentStatus.Paid}
           and ${r.amountFen} <= p.amount_fen - (select coalesce(sum(x.amount_fen), 0) from ${refunds} x where x.payment_id = p.id)
        returning refund_no as "refundNo", amount_fen as "amountFen", status`);
      const [row] = (result as unknown as { rows: { refundNo: string; amountFen: number; status: 'requested' }[] }).rows;
      return row && { ...row, amountFen: Number(row.amountFen) };
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Claims up to `batch` due refunds (SKIP LOCKED) and leases them; the provider is called after commit. */
export async function claimDueRefunds(db: Db, now: Date, batch = REFUND_BATCH): Promise<RefundRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(inArray(refunds.status, ['requested', 'submitted', 'failed']), sql`${refunds.nextAttemptAt} <= ${now}`))
      .orderBy(refunds.nextAttemptAt, refunds.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(refunds)
      .set({ attempts: sql`${refunds.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + REFUND_LEASE_MS) })
      .where(
        inArray(
          refunds.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Records what the provider said of a refund, once: only a refund not yet settled moves. Returns
 * whether this call changed it.
 */
export async function recordAnswer(
  db: Db,
  now: Date,
  refundNo: string,
  answer: RefundAnswer,
  attempts: number,
): Promise<boolean> {
  const unsettled = and(eq(refunds.refundNo, refundNo), inArray(refunds.status, ['requested', 'submitted', 'failed']));
  const providerRefundId = answer.providerRefundId ?? sql`${refunds.providerRefundId}`;
  let changed: { id: number }[];
  if (answer.state === 'succeeded') {
    changed = await db
      .update(refunds)
      .set({ status: 'succeeded', settledAt: now, providerRefundId, lastError: null })
      .where(unsettled)
      .returning({ id: refunds.id });
  } else if (answer.state === 'closed') {
    changed = await db
      .update(refunds)
      .set({ status: 'closed', settledAt: now, providerRefundId, lastError: answer.detail ?? 'closed by the provider' })
      .where(unsettled)
      .returning({ id: refunds.id });
  } else {
    // Accepted, not final (or not known yet): look again later.
    changed = await db
      .update(refunds)
      .set({
        status: answer.state === 'processing' ? 'submitted' : 'failed',
        providerRefundId,
        nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
      })
      .where(unsettled)
      .returning({ id: refunds.id });
  }
  return changed.length > 0;
}

export async function recordRefundFailure(db: Db, now: Date, row: RefundRow, error: string): Promise<void> {
  const closing = row.attempts >= MAX_REFUND_ATTEMPTS;
  await db
    .update(refunds)
    .set({
      status: closing ? 'closed' : 'failed',
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
      ...(closing && { settledAt: now }),
    })
    .where(and(eq(refunds.id, row.id), inArray(refunds.status, ['requested', 'submitted', 'failed'])));
}

/** Claims succeeded refunds whose buyer was not told yet (a lease, SKIP LOCKED). */
export async function claimRefundNotices(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'succeeded'),
          sql`${refunds.noticeSentAt} is null`,
          sql`(${refunds.noticeClaimedUntil} is null or ${refunds.noticeClaimedUntil} <= ${now})`,
        ),
      )
      .limit(REFUND_BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(refunds)
      .set({ noticeClaimedUntil: new Date(now.getTime() + REFUND_LEASE_MS) })
      .where(
        inArray(
          refunds.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The buyer was told (or has nowhere to be told). */
export async function markRefundNoticeSent(db: Db, now: Date, id: number): Promise<void> {
  await db.update(refunds).set({ noticeSentAt: now }).where(eq(refunds.id, id));
}
