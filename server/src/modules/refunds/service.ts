import {
  CommerceErrorCode,
  PayStatus,
  type RefundOrigin,
  type RefundPolicy,
  type RefundResult,
  RefundErrorCode,
} from '@portal/shared';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { orderLotUsage, takeBackOrderTraffic } from '../accounts/traffic-lots.ts';
import { invoices } from '../invoices/tables.ts';
import { rechargeOrders } from '../orders/tables.ts';
import type { FulfilmentOutcome, Payment } from '../payments/order-kinds.ts';
import { insertRefund, refundableFen } from '../payments/refund-records.ts';
import { type OrderKindName, PaymentStatus, payments, refunds } from '../payments/tables.ts';
import { takeBackStaticOrder } from '../static-ip/fulfilment.ts';
import { staticOrders } from '../static-ip/tables.ts';

/**
 * Refunds (docs/decisions/0058-refunds.md). `refundOrder` is the one way in: the automatic refund of
 * a paid order that could not be fulfilled, the ops CLI (`ops refund`), the buyer's self-serve
 * request and, later, the staff console all call it. It records the refund and takes back what the
 * order delivered in one transaction; the provider is asked afterwards by the refund job (job.ts).
 */

export const DAY_MS = 86_400_000;
const MB_PER_GB = 1024;

/** Who asks: `ops:<name>`, `member:<id>`, `system` (later `staff:<id>`). */
export interface RefundOrderInput {
  orderNo: string;
  /** Fen; the whole refundable rest (paid minus earlier refunds) when absent. */
  amountFen?: number | undefined;
  reason: string;
  actor: string;
  origin: Exclude<RefundOrigin, 'auto'>;
  /** The buyer's own request: only their order, only a traffic package, only within the policy. */
  selfServe?: { userId: number; policy: RefundPolicy };
}

interface FoundOrder {
  kind: OrderKindName;
  id: number;
  orderNo: string;
  userId: number;
  paid: boolean;
  payTime: Date | null;
}

/** The order of a number: recharge orders are `R…`, static IP orders `S…`; both tables are asked. */
async function findOrder(tx: Tx, orderNo: string): Promise<FoundOrder | null> {
  const [recharge] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo));
  if (recharge)
    return {
      kind: 'recharge',
      id: recharge.id,
      orderNo,
      userId: recharge.userId,
      paid: recharge.payStatus === PayStatus.Paid,
      payTime: recharge.payTime,
    };
  const [order] = await tx.select().from(staticOrders).where(eq(staticOrders.orderNo, orderNo));
  if (order)
    return {
      kind: 'static',
      id: order.id,
      orderNo,
      userId: order.userId,
      paid: order.payStatus === PayStatus.Paid,
      payTime: order.payTime,
    };
  return null;
}

/** "¥12.34", as messages show money. */
export const yuanText = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * Records a refund of (part of) an order's payment and takes back what the order delivered, in one
 * transaction, so a buyer never keeps both. The payment row is locked first: concurrent refunds of
 * one order queue up and each sees the refunds committed before it, and the insert itself only
 * writes when the amount fits in what was paid minus every earlier refund, so the sum never exceeds
 * the payment. Refused requests throw a localized BusinessError (RefundErrorCode, CommerceErrorCode).
 */
export async function refundOrder(db: Db, now: Date, input: RefundOrderInput): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, input.orderNo);
    const self = input.selfServe;
    if (!order || (self && order.userId !== self.userId))
      throw new BusinessError(CommerceErrorCode.OrderNotFound, 'commerce.orderNotFound');
    if (self && order.kind !== 'recharge') throw new BusinessError(RefundErrorCode.NotSelfServe, 'refund.notSelfServe');
    if (!order.paid) throw new BusinessError(RefundErrorCode.OrderNotPaid, 'refund.orderNotPaid');

    // The payment that paid the order (the first paid one; a second payment is refunded on its own).
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderKind, order.kind), eq(payments.orderId, order.id), eq(payments.status, PaymentStatus.Paid)))
      .orderBy(asc(payments.paidAt), asc(payments.id))
      .limit(1)
      .for('update');
    if (!payment) throw new BusinessError(RefundErrorCode.OrderNotPaid, 'refund.orderNotPaid');

    const [issued] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'issued'),
          order.kind === 'recharge' ? eq(invoices.orderId, order.id) : eq(invoices.staticOrderId, order.id),
        ),
      )
      .limit(1);
    if (issued) throw new BusinessError(RefundErrorCode.InvoiceIssued, 'refund.invoiceIssued');

    const refundable = await refundableFen(tx, payment);
    if (refundable <= 0) throw new BusinessError(RefundErrorCode.AlreadyRefunded, 'refund.alreadyRefunded');
    const amountFen = input.amountFen ?? refundable;
    if (!Number.isSafeInteger(amountFen) || amountFen <= 0 || amountFen > refundable)
      throw new BusinessError(RefundErrorCode.AmountTooLarge, 'refund.amountTooLarge', { max: yuanText(refundable) });

    if (self) {
      const { policy } = self;
      if (!order.payTime || now.getTime() - order.payTime.getTime() > policy.days * DAY_MS)
        throw new BusinessError(RefundErrorCode.TooLate, 'refund.tooLate', { days: policy.days });
      const usage = await orderLotUsage(tx, order.orderNo);
      const usedMb = usage?.usedMb ?? 0;
      const grantedMb = usage?.grantedMb ?? 0;
      if (usedMb > policy.maxUsedMb || usedMb * 100 > grantedMb * policy.maxUsedPercent)
        throw new BusinessError(RefundErrorCode.TooMuchUsed, 'refund.tooMuchUsed', {
          percent: policy.maxUsedPercent,
          gb: Math.round((policy.maxUsedMb / MB_PER_GB) * 100) / 100,
        });
    }

    // Taken back now, with the refund: whatever is left of the order's traffic, or its IPs.
    const removedMb = order.kind === 'recharge' ? await takeBackOrderTraffic(tx, order.orderNo, now) : 0;
    const releasedIps = order.kind === 'static' ? await takeBackStaticOrder(tx, order.id, now) : 0;
    const row = await insertRefund(tx, now, {
      payment,
      orderNo: order.orderNo,
      amountFen,
      origin: input.origin,
      reason: input.reason,
      actor: input.actor,
      removedMb,
      releasedIps,
    });
    if (!row) throw new BusinessError(RefundErrorCode.AmountTooLarge, 'refund.amountTooLarge', { max: yuanText(refundable) });
    return { refundNo: row.refundNo, amountFen: row.amountFen, status: row.status, removedMb };
  });
}

/** Why the server refunds a payment on its own, stored as the refund's reason. */
const AUTOMATIC_REASONS: Partial<Record<FulfilmentOutcome, string>> = {
  refund_pending: 'paid order could not be fulfilled',
  order_already_paid: 'second payment of an order already paid',
};

/**
 * The automatic refund of a payment its order could not use, inside the notification's transaction
 * (payments/service.ts, the payment row locked and marked paid): an order that could not be
 * fulfilled (nothing was delivered) or a second payment of an order already paid. The whole payment
 * goes back; the job asks the provider once this commits. Nothing for any other outcome.
 */
export async function refundUnusablePayment(tx: Tx, now: Date, payment: Payment, outcome: FulfilmentOutcome): Promise<boolean> {
  const reason = AUTOMATIC_REASONS[outcome];
  if (!reason) return false;
  const orderNo = await orderNoOf(tx, payment.orderKind, payment.orderId);
  const row = await insertRefund(tx, now, {
    payment,
    orderNo,
    amountFen: payment.amountFen,
    origin: 'auto',
    reason,
    actor: 'system',
    removedMb: 0,
    releasedIps: 0,
  });
  return row !== undefined;
}

async function orderNoOf(tx: Tx, kind: OrderKindName, orderId: number): Promise<string> {
  const table = kind === 'recharge' ? rechargeOrders : staticOrders;
  const [row] = await tx.select({ orderNo: table.orderNo }).from(table).where(eq(table.id, orderId));
  if (!row) throw new Error(`${kind} order ${orderId} is missing`);
  return row.orderNo;
}

/** The orders of a user by id, as the self-serve route gets them: its number, or null when not theirs. */
export async function ownRechargeOrderNo(db: Db, userId: number, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ orderNo: rechargeOrders.orderNo })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, orderId), eq(rechargeOrders.userId, userId)));
  return row?.orderNo ?? null;
}

/** Used by the ops CLI to list an order's refunds. */
export async function refundsOfOrder(db: Db, orderNo: string) {
  return db
    .select()
    .from(refunds)
    .where(or(eq(refunds.orderNo, orderNo), eq(refunds.refundNo, orderNo)))
    .orderBy(asc(refunds.id));
}
