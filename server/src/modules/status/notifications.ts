import type { Locale } from '@portal/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { every } from '../../jobs/every.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { translateForUnverified } from '../messaging/unverified.ts';
import { getWebsite } from '../system/service.ts';
import { statusIncidents, statusIncidentUpdates, statusNotifications, statusSubscribers } from './tables.ts';

/** An update mail is tried this many times (about half an hour in all), then given up and logged. */
export const NOTIFICATION_MAX_ATTEMPTS = 6;
const backoffMs = (attempt: number) => 60_000 * 2 ** (attempt - 1);
/** A claimed mail's due time moves this far ahead: a sender that dies mid-send leaves it due again later. */
const LEASE_MS = 5 * 60_000;

/** The status page of a subscriber's language, on the origin it subscribed on (a configured one). */
export const statusPageUrl = (origin: string, locale: Locale, query = '') =>
  `${origin}${locale === 'en' ? '/en' : ''}/status${query}`;

/** The confirmation mail of a subscription (to an address nobody has verified yet: a fixed text and the link). */
export function confirmationMessage(
  to: string,
  { locale, origin, site, token }: { locale: Locale; origin: string; site: string; token: string },
): OutgoingMessage {
  const params = { site, link: statusPageUrl(origin, locale, `?confirm=${token}`) };
  return {
    channel: 'email',
    to,
    kind: 'text',
    code: null,
    locale,
    subject: translateForUnverified(locale, 'message.statusConfirm.subject', params),
    text: translateForUnverified(locale, 'message.statusConfirm', params),
  };
}

/**
 * Claims due update mails (SKIP LOCKED, with a lease): two instances never send the same one, and
 * a crashed sender's mail is due again after the lease.
 */
async function claimDue(db: Db, now: Date, limit = 50) {
  const due = db
    .select({ id: statusNotifications.id })
    .from(statusNotifications)
    .where(
      and(eq(statusNotifications.status, 'pending'), lte(statusNotifications.nextAt, sql`${now.toISOString()}::timestamptz`)),
    )
    .orderBy(asc(statusNotifications.nextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(statusNotifications)
    .set({ attempts: sql`${statusNotifications.attempts} + 1`, nextAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(statusNotifications.id, due))
    .returning();
}

/**
 * Sends the update mails that are due, each in its subscriber's language, with the status page and
 * the subscriber's unsubscribe link (both on the origin it subscribed on). A failure is retried
 * with a backoff, then given up and logged. Returns how many were claimed.
 */
export async function sendDueNotifications(app: FastifyInstance): Promise<number> {
  const claimed = await claimDue(app.db, app.now());
  for (const n of claimed) {
    let error: string | null = null;
    try {
      const [row] = await app.db
        .select({ subscriber: statusSubscribers, update: statusIncidentUpdates, incident: statusIncidents })
        .from(statusSubscribers)
        .innerJoin(statusIncidentUpdates, eq(statusIncidentUpdates.id, n.updateId))
        .innerJoin(statusIncidents, eq(statusIncidents.id, statusIncidentUpdates.incidentId))
        .where(eq(statusSubscribers.id, n.subscriberId));
      if (!row) throw new Error('subscriber or update gone');
      if (!app.messenger.available('email', 'text')) throw new Error('no e-mail provider');
      const { subscriber, update, incident } = row;
      const locale = subscriber.locale;
      const site = (await getWebsite(app.db, new URL(subscriber.origin).hostname)).name[locale];
      const title = locale === 'en' ? incident.titleEn : incident.titleZh;
      const state = translate(locale, `status.incident.${update.state}`);
      await app.messenger.deliver({
        channel: 'email',
        to: subscriber.email,
        kind: 'text',
        code: null,
        locale,
        subject: translate(locale, 'message.statusUpdate.subject', { site, title, state }),
        text: translate(locale, 'message.statusUpdate', {
          title,
          state,
          body: locale === 'en' ? update.bodyEn : update.bodyZh,
          url: statusPageUrl(subscriber.origin, locale),
          unsubscribe: statusPageUrl(subscriber.origin, locale, `?unsubscribe=${subscriber.unsubscribeToken}`),
        }),
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const giveUp = error !== null && n.attempts >= NOTIFICATION_MAX_ATTEMPTS;
    await app.db
      .update(statusNotifications)
      .set(
        error === null
          ? { status: 'sent', nextAt: null, error: null }
          : {
              status: giveUp ? 'failed' : 'pending',
              nextAt: giveUp ? null : new Date(app.now().getTime() + backoffMs(n.attempts)),
              error: error.slice(0, 500),
            },
      )
      .where(eq(statusNotifications.id, n.id));
    if (giveUp) app.log.error({ notification: n.id, error }, 'status update mail given up');
    else if (error !== null) app.log.warn({ notification: n.id, error }, 'status update mail failed; will retry');
  }
  return claimed.length;
}

/** Sends due update mails every `intervalMs` on every instance (main.ts): ops queues them from its own process. */
export function startStatusNotificationJob(app: FastifyInstance, intervalMs = 15_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      while ((await sendDueNotifications(app)) > 0) {}
    } catch (err) {
      app.log.error({ err }, 'sending status update mails failed');
    }
  });
}
