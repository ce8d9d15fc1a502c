import type { OrderRefund } from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type OrderKindName, refunds } from './tables.ts';

/**
 * What order lists show of their orders' refunds (decision 0058): the sum of the refunds and one
 * state, `succeeded` when every refund reached the buyer, `closed` when one could not be completed,
 * else `pending`. Orders without a refund are absent from the map.
 */
export async function refundSummaries(db: Db, kind: OrderKindName, orderIds: number[]): Promise<Map<number, OrderRefund>> {
  const out = new Map<number, OrderRefund>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      orderId: refunds.orderId,
      amountFen: sql<number>`sum(${refunds.amountFen})::int`,
      closed: sql<boolean>`bool_or(${refunds.status} = 'closed')`,
      succeeded: sql<boolean>`bool_and(${refunds.status} = 'succeeded')`,
    })
    .from(refunds)
    .where(and(eq(refunds.orderKind, kind), inArray(refunds.orderId, orderIds)))
    .groupBy(refunds.orderId);
  for (const r of rows) {
    out.set(r.orderId, {
      state: r.closed ? 'closed' : r.succeeded ? 'succeeded' : 'pending',
      amountFen: Number(r.amountFen),
    });
  }
  return out;
}
