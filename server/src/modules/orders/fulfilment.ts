import { PayStatus, RechargeOrderStatus } from '@portal/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberUsers } from '../accounts/tables.ts';
import type { FulfilmentOutcome, Payment } from '../payments/order-kinds.ts';
import { rechargeOrders } from './tables.ts';

/**
 * Marks a recharge order paid and credits its traffic (and gift) to the user, inside the caller's
 * transaction. An order that is already paid (a second payment of the same order) is left alone and
 * reported, so an operator can refund it; a closed order is still honoured, because the money was taken.
 */
export async function fulfilRecharge(tx: Tx, payment: Payment, paidAt: Date): Promise<FulfilmentOutcome> {
  // One statement marks it paid unless it already is (its row lock serializes two payments of one
  // order) and credits what it marked: a round trip less on the path every payment takes.
  const order = tx.$with('paid_order').as(
    tx
      .update(rechargeOrders)
      .set({ status: RechargeOrderStatus.Success, payStatus: PayStatus.Paid, payChannel: payment.channel, payTime: paidAt })
      .where(and(eq(rechargeOrders.id, payment.orderId), ne(rechargeOrders.payStatus, PayStatus.Paid)))
      .returning({
        userId: rechargeOrders.userId,
        trafficMb: rechargeOrders.trafficMb,
        giftTrafficMb: rechargeOrders.giftTrafficMb,
      }),
  );
  const credited = await tx
    .with(order)
    .update(memberUsers)
    .set({ limitBalance: sql`${memberUsers.limitBalance} + ${order.trafficMb} + ${order.giftTrafficMb}` })
    .from(order)
    .where(eq(memberUsers.id, order.userId))
    .returning({ id: memberUsers.id });
  if (credited.length === 0) {
    const [existing] = await tx
      .select({ id: rechargeOrders.id })
      .from(rechargeOrders)
      .where(eq(rechargeOrders.id, payment.orderId));
    if (!existing) throw new Error(`payment ${payment.paymentNo} points at missing order ${payment.orderId}`);
    return 'order_already_paid';
  }
  return 'applied';
}
