import { PayStatus, RechargeOrderStatus } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { creditOrderTraffic } from '../accounts/traffic-lots.ts';
import type { FulfilmentOutcome, Payment } from '../payments/order-kinds.ts';
import { rechargeOrders } from './tables.ts';

/**
 * Marks a recharge order paid and credits its traffic (and gift) to the user, inside the caller's
 * transaction. An order that is already paid (a second payment of the same order) is left alone and
 * reported, so an operator can refund it; a closed order is still honoured, because the money was taken.
 */
export async function fulfilRecharge(tx: Tx, payment: Payment, paidAt: Date): Promise<FulfilmentOutcome> {
  // One round trip marks it paid unless it already is (its row lock serializes two payments of one
  // order) and, through accounts, adds the lot it bought and credits the balance: a round trip less
  // on the path every payment takes, and only accounts writes lots and balances.
  const credited = await creditOrderTraffic(
    tx,
    sql`update recharge_orders
           set status = ${RechargeOrderStatus.Success}, pay_status = ${PayStatus.Paid}, pay_channel = ${payment.channel},
               pay_time = ${paidAt.toISOString()}
         where id = ${payment.orderId} and pay_status <> ${PayStatus.Paid}
     returning user_id, order_no, traffic_mb + gift_traffic_mb as mb, validity_days`,
    paidAt,
  );
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
