import type { PayChannel, RefundOrigin, RefundStatus } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';
import type { GatewayName } from './gateways/types.ts';

/** What a payment pays for; each kind's module registers how it is paid and fulfilled (order-kinds.ts). */
export type OrderKindName = 'recharge' | 'static';

export const PaymentStatus = { Created: 0, Paid: 1 } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];

/**
 * One attempt to pay an order through a channel (an order may be tried with Alipay, then WeChat).
 * `payment_no` is the out_trade_no the provider knows; `(gateway, trade_no)` is unique, so one
 * provider transaction can be applied once only.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentNo: text('payment_no').notNull().unique(),
    orderKind: text('order_kind').$type<OrderKindName>().notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<PayChannel>().notNull(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: smallint('status').$type<PaymentStatus>().notNull().default(0),
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('payments_order').on(t.orderKind, t.orderId),
    uniqueIndex('payments_gateway_trade_no').on(t.gateway, t.tradeNo),
    check('payments_amount', sql`${t.amountFen} > 0`),
  ],
);

/**
 * Every notification that passed signature verification, with what was done with it: the audit trail
 * of money in (and of refused short payments or double payments an operator must refund).
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').$type<GatewayName>().notNull(),
    paymentNo: text('payment_no').notNull(),
    tradeNo: text('trade_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    appId: text('app_id').notNull(),
    outcome: text('outcome')
      .$type<
        | 'applied'
        | 'duplicate'
        | 'not_paid'
        | 'unknown_payment'
        | 'app_id_mismatch'
        | 'amount_mismatch'
        | 'order_already_paid'
        | 'refund_pending'
      >()
      .notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_notifications_payment_no').on(t.paymentNo)],
);

/**
 * One refund of (part of) a paid payment (decision 0058). `refund_no` is ours and is the provider's
 * idempotency key (Alipay out_request_no, WeChat Pay out_refund_no): every attempt of one refund
 * sends the same number, so the provider refunds it once however often we ask. The row is written
 * in the transaction that takes back what the order delivered; the refund job calls the provider
 * afterwards (outbox) and moves it requested → submitted → succeeded | failed (retrying) → closed.
 * The amount is checked against the payment (locked) and its earlier refunds when it is inserted.
 * Here, beside payments, so order lists can show their refunds without depending on the refunds module.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: text('refund_no').notNull().unique(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderKind: text('order_kind').$type<OrderKindName>().notNull(),
    orderId: integer('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    origin: text('origin').$type<RefundOrigin>().notNull(),
    reason: text('reason').notNull(),
    /** Who asked: `system`, `ops:<os user>`, `member:<id>` (later `staff:<id>`). */
    actor: text('actor').notNull(),
    /** What was taken back with it: traffic (MB) and static IPs released or renewals undone. */
    removedMb: bigint('removed_mb', { mode: 'number' }).notNull().default(0),
    releasedIps: integer('released_ips').notNull().default(0),
    /** Provider calls so far, and when the job may try (or look) again: also its lease while calling. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The buyer's message: claimed until (a lease, so two instances never both send), then sent. */
    noticeClaimedUntil: timestamp('notice_claimed_until', { withTimezone: true }),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_payment').on(t.paymentId),
    index('refunds_order').on(t.orderKind, t.orderId),
    // The job's scan: only refunds the provider has not settled.
    index('refunds_due').on(t.nextAttemptAt).where(sql`${t.status} in ('requested', 'submitted', 'failed')`),
    index('refunds_notice_due').on(t.settledAt).where(sql`${t.status} = 'succeeded' and ${t.noticeSentAt} is null`),
    check('refunds_amount', sql`${t.amountFen} > 0`),
    check('refunds_status', sql`${t.status} in ('requested', 'submitted', 'succeeded', 'failed', 'closed')`),
    check('refunds_origin', sql`${t.origin} in ('auto', 'ops', 'self')`),
    check('refunds_reason', sql`char_length(${t.reason}) between 1 and 500`),
    check('refunds_settled', sql`(${t.status} in ('succeeded', 'closed')) = (${t.settledAt} is not null)`),
    check('refunds_taken_back', sql`${t.removedMb} >= 0 and ${t.releasedIps} >= 0`),
  ],
);
