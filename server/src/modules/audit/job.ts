import type { FastifyInstance } from 'fastify';
import { every } from '../../jobs/every.ts';
import { purgeExpiredEvents, sweepAbandonedCalls } from './service.ts';

/**
 * Every hour on every instance (both statements are safe to run concurrently): moves the pending
 * rows of calls that never settled into the log as not confirmed, and deletes events older than
 * the 365 days kept (the daily purge of decision 0055, run hourly so a row is gone within an hour
 * of its year). Call it after migrations (main.ts); call what it returns to stop it.
 */
export function startAuditJob(app: FastifyInstance, intervalMs = 60 * 60 * 1000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const swept = await sweepAbandonedCalls(app.db, app.now());
      if (swept > 0) app.log.warn({ swept }, 'audit: calls whose outcome was never recorded logged as unconfirmed');
      const purged = await purgeExpiredEvents(app.db);
      if (purged > 0) app.log.info({ purged }, 'audit: events past their year deleted');
    } catch (err) {
      app.log.error({ err }, 'audit job failed');
    }
  });
}
