import type { PayChannel } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
