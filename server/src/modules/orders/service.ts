import {
  CommerceErrorCode,
  ORDER_PAY_MINUTES,
  type OrderAccountType,
  type OrderRefund,
  type OrderSource,
  PayStatus,
  type RechargeOrder,
  RechargeOrderStatus,
  effectiveStatus,
  type TrafficPurchase,
} from '@portal/shared';
import { and, count, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, makeNumber } from '../../db/numbers.ts';
import { refundSummaries } from '../payments/refund-summary.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberUsers } from '../accounts/tables.ts';
import { quotePurchase } from '../catalogue/service.ts';
import { orderSiteId } from '../accounts/member-site.ts';
import { rechargeOrders } from './tables.ts';

type OrderRow = typeof rechargeOrders.$inferSelect;

export const toRechargeOrder = (row: OrderRow, refund: OrderRefund | null = null): RechargeOrder => ({
  id: row.id,
  orderNo: row.orderNo,
  status: row.status,
  source: row.source,
  giftTrafficMb: row.giftTrafficMb,
  trafficMb: row.trafficMb,
  rechargeAmountFen: row.rechargeAmountFen,
  feeFen: row.feeFen,
  payAmountFen: row.payAmountFen,
  payChannel: row.payChannel,
  payTime: row.payTime?.getTime() ?? null,
  payStatus: row.payStatus,
  accountType: row.accountType,
  validityDays: row.validityDays,
  packageId: row.packageId,
  createTime: row.createdAt.getTime(),
  payDeadline: row.payDeadline.getTime(),
  refund,
});

export const orderNotFound = () => new BusinessError(CommerceErrorCode.OrderNotFound, 'commerce.orderNotFound');

export interface CreateOrderInput {
  userId: number;
  purchase: TrafficPurchase;
  accountType: OrderAccountType;
  source: OrderSource;
}

/**
 * Places an unpaid order priced from the server's catalogue at the buyer's substation (whichever
 * host they buy through, decision 0027); it closes after ORDER_PAY_MINUTES.
 */
export async function createRechargeOrder(db: Db, now: Date, input: CreateOrderInput): Promise<RechargeOrder> {
  const siteId = await orderSiteId(db, input.userId);
  const quote = await quotePurchase(db, input.purchase, input.accountType, siteId);
  const payDeadline = new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000);
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(rechargeOrders)
        .values({
          orderNo: makeNumber('R', now),
          userId: input.userId,
          siteId,
          packageId: quote.packageId,
          source: input.source,
          accountType: input.accountType,
          trafficMb: quote.trafficMb,
          giftTrafficMb: quote.giftTrafficMb,
          validityDays: quote.validityDays,
          rechargeAmountFen: quote.rechargeAmountFen,
          feeFen: quote.feeFen,
          payAmountFen: quote.payAmountFen,
          payDeadline,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return toRechargeOrder(row);
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** One of the user's own orders; another user's order is "not found", never "forbidden". */
export async function getOwnOrder(db: Db, userId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.userId, userId)));
  if (!row) throw orderNotFound();
  return row;
}

export async function orderInfo(db: Db, now: Date, userId: number, id: number): Promise<RechargeOrder> {
  const row = await getOwnOrder(db, userId, id);
  const refund = (await refundSummaries(db, 'recharge', [row.id])).get(row.id) ?? null;
  return toRechargeOrder({ ...row, status: effectiveStatus(row, now) }, refund);
}

export async function orderStatus(db: Db, now: Date, userId: number, id: number) {
  const row = await getOwnOrder(db, userId, id);
  const [user] = await db.select({ limitBalance: memberUsers.limitBalance }).from(memberUsers).where(eq(memberUsers.id, userId));
  return { id: row.id, status: effectiveStatus(row, now), payStatus: row.payStatus, limitBalance: user?.limitBalance ?? 0 };
}

export interface OrderPageQuery {
  pageNo: number;
  pageSize: number;
  status?: RechargeOrderStatus | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

export async function orderPage(db: Db, now: Date, userId: number, q: OrderPageQuery) {
  const where: SQL[] = [eq(rechargeOrders.userId, userId)];
  // Filters follow the effective status, so "closed" includes overdue orders the job has not reached yet.
  if (q.status === RechargeOrderStatus.Pending) {
    where.push(eq(rechargeOrders.status, RechargeOrderStatus.Pending), sql`${rechargeOrders.payDeadline} > ${now}`);
  } else if (q.status === RechargeOrderStatus.Closed) {
    where.push(
      sql`(${rechargeOrders.status} = ${RechargeOrderStatus.Closed} or (${rechargeOrders.status} = ${RechargeOrderStatus.Pending} and ${rechargeOrders.payDeadline} <= ${now}))`,
    );
  } else if (q.status !== undefined) {
    where.push(eq(rechargeOrders.status, q.status));
  }
  if (q.createdFrom !== undefined) where.push(gte(rechargeOrders.createdAt, new Date(q.createdFrom)));
  if (q.createdTo !== undefined) where.push(lt(rechargeOrders.createdAt, new Date(q.createdTo)));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rechargeOrders)
      .where(condition)
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ total: count() }).from(rechargeOrders).where(condition),
  ]);
  const refunded = await refundSummaries(
    db,
    'recharge',
    rows.filter((row) => row.payStatus === PayStatus.Paid).map((row) => row.id),
  );
  return {
    list: rows.map((row) => toRechargeOrder({ ...row, status: effectiveStatus(row, now) }, refunded.get(row.id) ?? null)),
    total: total?.total ?? 0,
  };
}

/**
 * Closes unpaid orders past their deadline, a bounded batch at a time. `SKIP LOCKED` lets several
 * instances run it at once without waiting on each other or closing an order being paid right now
 * (the payment holds its row lock). Returns how many were closed.
 */
export async function closeOverdueOrders(db: Db, now: Date, batch = 500): Promise<number> {
  const overdue = db
    .select({ id: rechargeOrders.id })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.status, RechargeOrderStatus.Pending), lte(rechargeOrders.payDeadline, now)))
    .orderBy(rechargeOrders.payDeadline)
    .limit(batch)
    .for('update', { skipLocked: true });
  const closed = await db
    .update(rechargeOrders)
    .set({ status: RechargeOrderStatus.Closed })
    .where(and(inArray(rechargeOrders.id, overdue), eq(rechargeOrders.status, RechargeOrderStatus.Pending)))
    .returning({ id: rechargeOrders.id });
  return closed.length;
}

/** Paid traffic and money over all time (the dashboard's totals). */
export async function rechargeTotals(db: Db, userId: number) {
  const [row] = await db
    .select({
      trafficMb: sql<number>`coalesce(sum(${rechargeOrders.trafficMb} + ${rechargeOrders.giftTrafficMb}), 0)::bigint`,
      amountFen: sql<number>`coalesce(sum(${rechargeOrders.payAmountFen}), 0)::bigint`,
    })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.payStatus, PayStatus.Paid)));
  return { trafficMb: Number(row?.trafficMb ?? 0), amountFen: Number(row?.amountFen ?? 0) };
}
