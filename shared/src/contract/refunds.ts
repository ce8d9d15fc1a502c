import { z } from 'zod';
import { defineApi } from './define.ts';
import { id } from './primitives.ts';

/**
 * Refunds of paid orders (docs/decisions/0058-refunds.md). A refund is a row with our own refund
 * number, the provider's idempotency key; what was delivered (the traffic lot's remaining traffic,
 * the static IPs) is taken back when the refund is recorded, and the provider is called afterwards
 * by a job until it settles. Money is integer fen.
 */

/** Business codes of refunds (commerce module 008, `1_008_006_NNN`). */
export const RefundErrorCode = {
  /** Only paid orders are refunded. */
  OrderNotPaid: 1_008_006_000,
  /** Nothing is left to refund: the order was refunded in full already. */
  AlreadyRefunded: 1_008_006_001,
  /** The amount is above what was paid minus earlier refunds (or not a positive amount). */
  AmountTooLarge: 1_008_006_002,
  /** An invoice was issued for the order: finance must reverse it first. */
  InvoiceIssued: 1_008_006_003,
  /** Self-serve: the order was paid longer ago than the policy allows. */
  TooLate: 1_008_006_004,
  /** Self-serve: more of the traffic was used than the policy allows. */
  TooMuchUsed: 1_008_006_005,
  /** Self-serve refunds are for traffic packages only; other orders are refunded by support. */
  NotSelfServe: 1_008_006_006,
} as const;

/** requested → submitted → succeeded | failed (retrying) → closed. */
export const REFUND_STATUSES = ['requested', 'submitted', 'succeeded', 'failed', 'closed'] as const;
export const refundStatus = z.enum(REFUND_STATUSES);
export type RefundStatus = z.output<typeof refundStatus>;

/** Who asked: the server for a paid order it could not fulfil, finance (ops CLI / console), the buyer. */
export const REFUND_ORIGINS = ['auto', 'ops', 'self'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

/**
 * What an order's list row shows of its refunds: `pending` while the money is on its way (requested,
 * submitted, failed and retrying), `succeeded` once every refund reached the buyer, `closed` when a
 * refund could not be completed and support takes over. `amountFen`: the sum of the refunds.
 */
export const orderRefund = z.object({
  state: z.enum(['pending', 'succeeded', 'closed']),
  amountFen: z.number().int().positive(),
});
export type OrderRefund = z.output<typeof orderRefund>;

/** The self-serve policy of traffic packages (REFUND_SELF_SERVE_*), as the order page explains it. */
export const refundPolicy = z.object({
  /** Within this many days of payment. */
  days: z.number().int().nonnegative(),
  /** At most this share of the package's traffic used (percent). */
  maxUsedPercent: z.number().int().nonnegative(),
  /** And at most this much used (MB). */
  maxUsedMb: z.number().int().nonnegative(),
});
export type RefundPolicy = z.output<typeof refundPolicy>;

export const selfServeRefundBody = z.object({ orderId: id });

/** A refund just recorded: the traffic was removed, the money is on its way. */
export const refundResult = z.object({
  refundNo: z.string(),
  amountFen: z.number().int().positive(),
  status: refundStatus,
  /** Traffic taken back from the order's lot (MB). */
  removedMb: z.number().int().nonnegative(),
});
export type RefundResult = z.output<typeof refundResult>;

export const refundApi = {
  rechargeOrderRefundPolicy: defineApi({
    method: 'GET',
    path: '/app-api/ip/recharge-order/refund-policy',
    summary: 'The self-serve refund policy of traffic packages: days since payment, share and amount of traffic used',
    tags: ['orders'],
    auth: true,
    data: refundPolicy,
  }),
  rechargeOrderRefund: defineApi({
    method: 'POST',
    path: '/app-api/ip/recharge-order/refund',
    summary:
      "Refunds one of the caller's traffic package orders within the self-serve policy: its remaining traffic is removed now, the money goes back to where it was paid from",
    tags: ['orders'],
    auth: true,
    body: selfServeRefundBody,
    data: refundResult,
  }),
};
