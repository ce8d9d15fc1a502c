import type { FastifyInstance } from 'fastify';
import { every } from '../../jobs/every.ts';
import { type Expiry, expireDueLots } from '../accounts/traffic-lots.ts';
import { queueBalanceAlerts } from '../alerts/service.ts';

/** Each member's balance before and after a round's expiries (one entry per member). */
export const balanceChanges = (expired: Expiry[]) => [
  ...new Map(expired.map((e) => [e.userId, { userId: e.userId, beforeMb: e.beforeMb, afterMb: e.afterMb }])).values(),
];

/**
 * Expires lots past their expiry every `intervalMs` on every instance: each round locks the members
 * it expires with SKIP LOCKED, so instances share the work and never expire a lot twice. Usage
 * ingestion also expires a member's due lots before drawing, so no lot pays after its expiry even
 * between rounds. A balance that expiry takes below the alert threshold or to zero is alerted like
 * one that usage takes there, in the same transaction. Call it after migrations (main.ts); call
 * what it returns to stop it.
 */
export function startLotExpiryJob(app: FastifyInstance, intervalMs = 60_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      let expired: Expiry[];
      do {
        const now = app.now();
        expired = await expireDueLots(app.db, now, 200, (tx, lots) => queueBalanceAlerts(tx, now, balanceChanges(lots)));
        for (const e of expired) app.log.info({ userId: e.userId, lotId: e.lotId, mb: e.mb }, 'traffic lot expired');
      } while (expired.length > 0);
    } catch (err) {
      app.log.error({ err }, 'expiring traffic lots failed');
    }
  });
}
