import type { FastifyInstance } from 'fastify';
import { every } from '../../jobs/every.ts';
import { expireDueLots } from './traffic-lots.ts';

/**
 * Expires lots past their expiry every `intervalMs` on every instance: each round locks the members
 * it expires with SKIP LOCKED, so instances share the work and never expire a lot twice. Usage
 * ingestion also expires a member's due lots before drawing, so no lot pays after its expiry even
 * between rounds. Call it after migrations (main.ts); call what it returns to stop it.
 */
export function startTrafficExpiryJob(app: FastifyInstance, intervalMs = 60_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      let expired: Awaited<ReturnType<typeof expireDueLots>>;
      do {
        expired = await expireDueLots(app.db, app.now());
        for (const e of expired) app.log.info({ userId: e.userId, lotId: e.lotId, mb: e.mb }, 'traffic lot expired');
      } while (expired.length > 0);
    } catch (err) {
      app.log.error({ err }, 'expiring traffic lots failed');
    }
  });
}
