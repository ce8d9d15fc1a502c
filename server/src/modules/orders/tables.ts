import type { OrderAccountType, OrderSource, PayChannel, PayStatus, RechargeOrderStatus } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';
import { trafficPackages } from '../catalogue/tables.ts';
import { siteSettings } from '../system/tables.ts';

/**
 * A dynamic-traffic (recharge) order. Its figures are copied from the catalogue when it is placed,
 * so later price changes never alter what the user agreed to pay.
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => trafficPackages.id, { onDelete: 'set null' }),
    status: smallint('status').$type<RechargeOrderStatus>().notNull().default(0),
    payStatus: smallint('pay_status').$type<PayStatus>().notNull().default(0),
    source: text('source').$type<OrderSource>().notNull(),
    accountType: smallint('account_type').$type<OrderAccountType>().notNull(),
    trafficMb: integer('traffic_mb').notNull(),
    giftTrafficMb: integer('gift_traffic_mb').notNull(),
    validityDays: integer('validity_days').notNull(),
    rechargeAmountFen: integer('price_fen').notNull(),
    feeFen: integer('fee_fen').notNull(),
    payAmountFen: integer('pay_amount_fen').notNull(),
    /** The substation whose prices the order was placed at: the buyer's (decision 0027). */
    siteId: integer('site_id')
      .notNull()
      .references(() => siteSettings.id),
    payChannel: text('pay_channel').$type<PayChannel>(),
    payTime: timestamp('pay_time', { withTimezone: true }),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('recharge_orders_user_created').on(t.userId, t.createdAt),
    // The close job scans only open orders.
    index('recharge_orders_open_deadline').on(t.payDeadline).where(sql`${t.status} = 0`),
    check('recharge_orders_status', sql`${t.status} in (0, 1, 2)`),
    check('recharge_orders_pay_status', sql`${t.payStatus} in (0, 1)`),
    check(
      'recharge_orders_amounts',
      sql`${t.rechargeAmountFen} > 0 and ${t.feeFen} >= 0 and ${t.payAmountFen} = ${t.rechargeAmountFen} + ${t.feeFen}`,
    ),
    check('recharge_orders_paid', sql`(${t.payStatus} = 1) = (${t.payTime} is not null)`),
  ],
);
