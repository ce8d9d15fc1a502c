import { StaticIpStatus, StaticOrderStatus } from '@portal/shared';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { every } from '../../jobs/every.ts';
import { GRACE_MS } from './orders.ts';
import { releaseToStock } from './stock.ts';
import { staticOrderItems, staticOrders } from './tables.ts';

/**
 * The static IP jobs. Each takes a bounded batch with `FOR UPDATE SKIP LOCKED`, so several instances
 * run them at once without waiting on each other, and rows a payment, renewal or exchange holds right
 * now are left for the next round. Each returns how many rows it changed; call until 0 to drain.
 */

/** Closes unpaid static orders past their deadline (an order being paid holds its lock and is skipped). */
export async function closeOverdueStaticOrders(db: Db, now: Date, batch = 500): Promise<number> {
  const overdue = db
    .select({ id: staticOrders.id })
    .from(staticOrders)
    .where(and(eq(staticOrders.status, StaticOrderStatus.Pending), lte(staticOrders.payDeadline, now)))
    .orderBy(asc(staticOrders.payDeadline))
    .limit(batch)
    .for('update', { skipLocked: true });
  const closed = await db
    .update(staticOrders)
    .set({ status: StaticOrderStatus.Closed })
    .where(and(inArray(staticOrders.id, overdue), eq(staticOrders.status, StaticOrderStatus.Pending)))
    .returning({ id: staticOrders.id });
  return closed.length;
}

/** Marks held IPs Expired (2) from their expiry on; they stay the owner's, renewable, for the grace period. */
export async function expireStaticIps(db: Db, now: Date, batch = 500): Promise<number> {
  const due = db
    .select({ id: staticOrderItems.id })
    .from(staticOrderItems)
    .where(
      and(
        eq(staticOrderItems.released, false),
        eq(staticOrderItems.status, StaticIpStatus.Normal),
        lte(staticOrderItems.expireTime, now),
      ),
    )
    .orderBy(asc(staticOrderItems.expireTime))
    .limit(batch)
    .for('update', { skipLocked: true });
  const expired = await db
    .update(staticOrderItems)
    .set({ status: StaticIpStatus.Expired })
    .where(
      and(
        inArray(staticOrderItems.id, due),
        eq(staticOrderItems.status, StaticIpStatus.Normal),
        lte(staticOrderItems.expireTime, now),
      ),
    )
    .returning({ id: staticOrderItems.id });
  return expired.length;
}

/**
 * Releases IPs expired for longer than STATIC_GRACE_DAYS: the item is kept as history (released,
 * Expired) and its node goes back to stock, in one transaction.
 */
export async function releaseExpiredStaticIps(db: Db, now: Date, batch = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - GRACE_MS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: staticOrderItems.id, nodeId: staticOrderItems.nodeId })
      .from(staticOrderItems)
      .where(and(eq(staticOrderItems.released, false), lte(staticOrderItems.expireTime, cutoff)))
      .orderBy(asc(staticOrderItems.expireTime))
      .limit(batch)
      .for('update', { skipLocked: true });
    return releaseToStock(tx, due, { releasedAt: now, status: StaticIpStatus.Expired });
  });
}

const JOBS = [
  { name: 'closed overdue unpaid static orders', run: closeOverdueStaticOrders },
  { name: 'marked static IPs expired', run: expireStaticIps },
  { name: 'released static IPs past their grace period', run: releaseExpiredStaticIps },
] as const;

/**
 * Runs the static IP jobs every `intervalMs` on every instance (they are concurrency-safe, so no
 * leader election). Call it after migrations (main.ts); call what it returns to stop it.
 */
export function startStaticJobs(app: FastifyInstance, intervalMs = 60_000): () => Promise<void> {
  return every(intervalMs, async () => {
    for (const job of JOBS) {
      try {
        let changed: number;
        do {
          changed = await job.run(app.db, app.now());
          if (changed > 0) app.log.info({ changed }, job.name);
        } while (changed > 0);
      } catch (err) {
        app.log.error({ err, job: job.name }, 'static IP job failed');
      }
    }
  });
}
