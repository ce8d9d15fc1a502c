import type { FastifyInstance } from 'fastify';
import { every } from '../../jobs/every.ts';
import { closeOverdueOrders } from './service.ts';

/**
 * Closes overdue unpaid orders every `intervalMs` on every instance; the query itself is safe to run
 * concurrently (SKIP LOCKED), so no leader election is needed. Call it after migrations (main.ts); call what it returns to stop it.
 */
export function startOrderCloseJob(app: FastifyInstance, intervalMs = 60_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      let closed: number;
      do {
        closed = await closeOverdueOrders(app.db, app.now());
        if (closed > 0) app.log.info({ closed }, 'closed overdue unpaid orders');
      } while (closed > 0);
    } catch (err) {
      app.log.error({ err }, 'closing overdue orders failed');
    }
  });
}
