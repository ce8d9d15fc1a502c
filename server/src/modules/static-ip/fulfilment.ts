import { PayStatus, StaticIpStatus, StaticOrderStatus, StaticOrderType } from '@portal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { FulfilmentOutcome, Payment } from '../payments/order-kinds.ts';
import { newProxyAccount, newProxyPassword } from './credentials.ts';
import { DAY_MS, isHeld } from './orders.ts';
import { lockAvailableNodes, releaseToStock } from './stock.ts';
import { NodeState, staticNodes, staticOrderItems, staticOrders, staticRenewalLines } from './tables.ts';

type OrderRow = typeof staticOrders.$inferSelect;

/**
 * What a paid static order does, inside the notification's transaction (payments/service.ts).
 * A purchase takes `count` available nodes of its region and gives each its own credentials; a
 * renewal moves the expiry of its IPs. When that cannot be done (the region ran out of stock, an IP
 * was released meanwhile) nothing is allocated or renewed: the order is paid but Refunding and the
 * outcome `refund_pending` tells operators to refund it. An order already paid is left alone.
 * A closed order is still honoured: the money was taken.
 */
export async function fulfilStatic(tx: Tx, payment: Payment, paidAt: Date): Promise<FulfilmentOutcome> {
  const [order] = await tx.select().from(staticOrders).where(eq(staticOrders.id, payment.orderId)).for('update');
  if (!order) throw new Error(`payment ${payment.paymentNo} points at missing static order ${payment.orderId}`);
  if (order.payStatus === PayStatus.Paid) return 'order_already_paid';
  const paid = { payStatus: PayStatus.Paid, payChannel: payment.channel, payTime: paidAt };
  const outcome =
    order.orderType === StaticOrderType.Purchase ? await allocate(tx, order, paidAt) : await renew(tx, order, paidAt);
  if (outcome === null) {
    await tx
      .update(staticOrders)
      .set({ ...paid, status: StaticOrderStatus.Refunding })
      .where(eq(staticOrders.id, order.id));
    return 'refund_pending';
  }
  await tx
    .update(staticOrders)
    .set({ ...paid, status: StaticOrderStatus.Success, expireTime: outcome })
    .where(eq(staticOrders.id, order.id));
  return 'applied';
}

/** Allocates the purchase's IPs; returns their expiry, or null when the region has too few left. */
async function allocate(tx: Tx, order: OrderRow, paidAt: Date): Promise<Date | null> {
  if (order.regionId === null) throw new Error(`purchase ${order.orderNo} has no region`);
  const nodes = await lockAvailableNodes(tx, order.regionId, order.count);
  if (nodes.length < order.count) return null;
  const expireTime = new Date(paidAt.getTime() + order.durationDays * DAY_MS);
  const nodeIds = nodes.map((n) => n.id);
  await tx.update(staticNodes).set({ state: NodeState.Allocated }).where(inArray(staticNodes.id, nodeIds));
  await tx.insert(staticOrderItems).values(
    nodeIds.map((nodeId) => ({
      orderId: order.id,
      userId: order.userId,
      nodeId,
      account: newProxyAccount(),
      password: newProxyPassword(),
      purchaseTime: paidAt,
      expireTime,
      status: StaticIpStatus.Normal,
    })),
  );
  return expireTime;
}

/**
 * Renews every IP of the renewal from the later of its expiry and the payment; returns the latest
 * new expiry, or null when an IP is no longer the user's to renew (released, or past its grace).
 */
async function renew(tx: Tx, order: OrderRow, paidAt: Date): Promise<Date | null> {
  const lines = await tx.select().from(staticRenewalLines).where(eq(staticRenewalLines.orderId, order.id));
  const itemIds = lines.map((l) => l.itemId);
  if (itemIds.length === 0) return null;
  // Locked in id order (as exchanges do), so a renewal and an exchange of the same IPs queue up.
  const items = await tx
    .select()
    .from(staticOrderItems)
    .where(inArray(staticOrderItems.id, itemIds))
    .orderBy(asc(staticOrderItems.id))
    .for('update');
  if (items.length !== itemIds.length || items.some((i) => i.userId !== order.userId || !isHeld(i, paidAt))) return null;
  const seconds = order.durationDays * (DAY_MS / 1000);
  const renewed = await tx
    .update(staticOrderItems)
    .set({
      expireTime: sql`greatest(${staticOrderItems.expireTime}, ${paidAt.toISOString()}::timestamptz) + ${seconds}::integer * interval '1 second'`,
      status: StaticIpStatus.Normal,
    })
    .where(inArray(staticOrderItems.id, itemIds))
    .returning({ id: staticOrderItems.id, expireTime: staticOrderItems.expireTime });
  await tx
    .update(staticRenewalLines)
    .set({
      newExpireTime: sql`(select i.expire_time from static_order_items i where i.id = ${staticRenewalLines.itemId})`,
    })
    .where(eq(staticRenewalLines.orderId, order.id));
  return new Date(Math.max(...renewed.map((i) => i.expireTime.getTime())));
}

/**
 * Takes back what a paid static order delivered (a refund, decision 0058), inside the caller's
 * transaction: a purchase's IPs still held are released now (their nodes back in stock, the rows kept
 * as history); a renewal's IPs lose the time it added (never before their purchase; the expiry
 * job then treats an IP now past its expiry as it treats any other). An order that was never
 * fulfilled (Refunding) delivered nothing. Returns how many IPs were released or shortened.
 */
export async function takeBackStaticOrder(tx: Tx, orderId: number, now: Date): Promise<number> {
  const [order] = await tx.select().from(staticOrders).where(eq(staticOrders.id, orderId)).for('update');
  if (!order || order.status !== StaticOrderStatus.Success) return 0;
  if (order.orderType === StaticOrderType.Purchase) {
    // Locked in id order (as exchanges and renewals lock them).
    const held = await tx
      .select({ id: staticOrderItems.id, nodeId: staticOrderItems.nodeId })
      .from(staticOrderItems)
      .where(and(eq(staticOrderItems.orderId, order.id), eq(staticOrderItems.released, false)))
      .orderBy(asc(staticOrderItems.id))
      .for('update');
    return releaseToStock(tx, held, { releasedAt: now });
  }
  const lines = await tx.select().from(staticRenewalLines).where(eq(staticRenewalLines.orderId, order.id));
  if (lines.length === 0) return 0;
  const seconds = order.durationDays * (DAY_MS / 1000);
  const shortened = await tx
    .update(staticOrderItems)
    .set({
      expireTime: sql`greatest(${staticOrderItems.expireTime} - ${seconds}::integer * interval '1 second', ${staticOrderItems.purchaseTime} + interval '1 second')`,
    })
    .where(
      and(
        inArray(
          staticOrderItems.id,
          lines.map((l) => l.itemId),
        ),
        eq(staticOrderItems.released, false),
      ),
    )
    .returning({ id: staticOrderItems.id });
  return shortened.length;
}
