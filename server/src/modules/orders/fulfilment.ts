import { PayStatus, RechargeOrderStatus } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
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
  const [order] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.id, payment.orderId)).for('update');
  if (!order) throw new Error(`payment ${payment.paymentNo} points at missing order ${payment.orderId}`);
  if (order.payStatus === PayStatus.Paid) return 'order_already_paid';
  await tx
    .update(rechargeOrders)
    .set({ status: RechargeOrderStatus.Success, payStatus: PayStatus.Paid, payChannel: payment.channel, payTime: paidAt })
    .where(eq(rechargeOrders.id, order.id));
  await tx
    .update(memberUsers)
    .set({ limitBalance: sql`${memberUsers.limitBalance} + ${order.trafficMb + order.giftTrafficMb}` })
    .where(eq(memberUsers.id, order.userId));
  return 'applied';
}
