import { formatTraffic, localizePath } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { every } from '../../jobs/every.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { getWebsite } from '../system/service.ts';
import {
  alertRecipient,
  claimDueAlerts,
  markAlertFailed,
  markAlertSent,
  type QueuedAlert,
  queueStaticExpiryAlerts,
} from './service.ts';

/**
 * The alert has nowhere to go (settings removed, or the alert address changed and is not confirmed
 * yet): no retry can help, so it is given up at once.
 */
export class NoRecipientError extends Error {}

/** The message of a queued alert, in the language and on the origin of the user's settings. */
export async function composeAlert(db: Db, alert: QueuedAlert): Promise<OutgoingMessage> {
  const to = await alertRecipient(db, alert.userId);
  if (!to) throw new NoRecipientError('the user has no alert settings any more');
  const address = alert.channel === 'sms' ? to.mobile : to.email;
  if (!address) {
    throw new NoRecipientError(
      `the user has no ${alert.channel === 'sms' ? 'mobile number' : 'own or confirmed e-mail address'}`,
    );
  }
  const { locale, origin } = to;
  const site = (await getWebsite(db, new URL(origin).hostname)).name[locale];
  const p = alert.params;
  const traffic = (mb: unknown) => formatTraffic(Number(mb), locale);
  let subject: string;
  let text: string;
  if (alert.kind === 'static_expiry') {
    const params = {
      site,
      orderNo: String(p.orderNo),
      date: new Date(Number(p.expireTime)).toISOString().slice(0, 16).replace('T', ' '),
      url: `${origin}${localizePath(`/admin/static/list?order=${Number(p.orderId)}`, locale)}`,
    };
    subject = translate(locale, 'alert.staticExpiry.subject', params);
    text = translate(locale, 'alert.staticExpiry', params);
  } else if (alert.kind === 'cap') {
    const params = {
      site,
      account: String(p.account),
      used: traffic(p.usedMb),
      cap: traffic(p.capMb),
      url: `${origin}${localizePath('/admin/account-password-auth', locale)}`,
    };
    const reached = Number(p.level) >= 100;
    const monthly = p.capPeriod !== 'total';
    subject = translate(locale, reached ? 'alert.capReached.subject' : 'alert.capNear.subject', params);
    text = translate(
      locale,
      reached
        ? monthly
          ? 'alert.capReached.month'
          : 'alert.capReached.total'
        : monthly
          ? 'alert.capNear.month'
          : 'alert.capNear.total',
      params,
    );
  } else if (alert.kind === 'limit') {
    const sub = p.scope === 'sub_account';
    const period = p.period === 'day' ? 'day' : 'month';
    const params = {
      site,
      account: String(p.account ?? ''),
      used: traffic(p.usedMb),
      limit: traffic(p.limitMb),
      url: `${origin}${localizePath('/admin/account-password-auth', locale)}`,
    };
    subject = translate(locale, 'alert.limitReached.subject', {
      site,
      scope: translate(locale, sub ? 'alert.limitScope.sub' : 'alert.limitScope.account', params),
      period: translate(locale, `alert.limitPeriod.${period}`),
    });
    text = translate(locale, `alert.limitReached.${sub ? 'sub' : 'account'}.${period}`, params);
  } else {
    const buy = to.lastPackageId === null ? '/buy' : `/buy?package=${to.lastPackageId}`;
    const params = {
      site,
      left: traffic(p.balanceMb),
      threshold: traffic(p.thresholdMb ?? 0),
      url: `${origin}${localizePath(buy, locale)}`,
    };
    const key = alert.kind === 'zero' ? 'alert.zero' : 'alert.low';
    subject = translate(locale, `${key}.subject`, params);
    text = translate(locale, key, params);
  }
  return { channel: alert.channel, to: address, kind: 'text', subject, text, code: null, locale };
}

export type Deliver = (message: OutgoingMessage) => Promise<void>;

/**
 * Sends the alerts due now, a claimed batch at a time, until none is due. A refusal is retried with
 * backoff and, after the last attempt, Failed and logged as an error; nothing is lost while a
 * provider is down. An alert with no address any more is Failed at once. Answers how many were sent.
 */
export async function sendDueAlerts(
  db: Db,
  now: () => Date,
  deliver: Deliver,
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
  batch = 50,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimDueAlerts(db, now(), batch);
    if (claimed.length === 0) return sent;
    for (const alert of claimed) {
      try {
        await deliver(await composeAlert(db, alert));
        await markAlertSent(db, now(), alert.id);
        sent++;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        const nowhere = err instanceof NoRecipientError;
        const final = await markAlertFailed(db, now(), alert, error, nowhere);
        const context = { alertId: alert.id, kind: alert.kind, channel: alert.channel, attempts: alert.attempts, error };
        if (nowhere) log.warn(context, 'alert dropped: no address to send it to');
        else if (final) log.error(context, 'alert failed for good after its last attempt');
        else log.warn(context, 'alert delivery failed; will retry');
      }
    }
  }
}

/**
 * Every `intervalMs` on every instance: queue the static IP expiry alerts that are due, then send
 * what is queued. Both are safe with several instances (unique key; SKIP LOCKED claims).
 */
export function startAlertJobs(app: FastifyInstance, intervalMs = 10_000): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const queued = await queueStaticExpiryAlerts(app.db, app.now());
      if (queued > 0) app.log.info({ queued }, 'queued static IP expiry alerts');
      const sent = await sendDueAlerts(
        app.db,
        () => app.now(),
        (m) => app.messenger.deliver(m),
        app.log,
      );
      if (sent > 0) app.log.info({ sent }, 'sent alerts');
    } catch (err) {
      app.log.error({ err }, 'alert job failed');
    }
  });
}
