import type { FastifyInstance } from 'fastify';
import { every } from '../../jobs/every.ts';
import { getWebsite } from '../system/service.ts';
import { claimDueConfirmations, confirmationMessage, contactIsVerified, finishConfirmation } from './service.ts';

/**
 * Sends the confirmations of leads that are due: those of new leads (the create route asks for its
 * own at once, after answering) and retries. A provider failure leaves the lead pending with a later
 * due time, so nothing is lost; claims are SKIP LOCKED with a lease, so several instances share the
 * work and a crash only delays a message. Returns how many were claimed.
 */
export async function sendDueConfirmations(app: FastifyInstance, only?: { id: number }): Promise<number> {
  const claimed = await claimDueConfirmations(app.db, app.now(), only ? { id: only.id } : {});
  for (const lead of claimed) {
    let error: string | null = null;
    try {
      if (!app.messenger.available(lead.channel, 'text')) throw new Error(`no ${lead.channel} provider`);
      const site = (await getWebsite(app.db, lead.host)).name[lead.locale];
      await app.messenger.deliver(confirmationMessage(lead, site, await contactIsVerified(app.db, lead)));
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const outcome = await finishConfirmation(app.db, lead, app.now(), error);
    if (outcome === 'failed') app.log.error({ lead: lead.id, error }, 'lead confirmation given up');
    else if (outcome === 'retry')
      app.log.warn({ lead: lead.id, attempt: lead.confirmationAttempts, error }, 'lead confirmation failed; will retry');
  }
  return claimed.length;
}

/** Retries due confirmations every `intervalMs` on every instance (main.ts). */
export function startLeadConfirmationJob(app: FastifyInstance, intervalMs = 30_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      while ((await sendDueConfirmations(app)) > 0) {}
    } catch (err) {
      app.log.error({ err }, 'sending lead confirmations failed');
    }
  });
}
