import type { AlertChannel } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberUsers } from '../accounts/tables.ts';
import { channelsOf, emailDeliverable } from './channels.ts';
import { type AlertKind, alertQueue, memberAlertSettings } from './tables.ts';

export interface CapAlert {
  userId: number;
  accountId: number;
  account: string;
  capMb: number;
  capPeriod: 'month' | 'total';
  periodKey: string;
  level: 80 | 100;
  usedMb: number;
}

/** A spend limit used up: the whole account's (no accountId) or one proxy account's. */
export interface LimitAlert {
  userId: number;
  accountId?: number;
  account?: string;
  period: 'day' | 'month';
  /** `2026-11-27` or `2026-11`: each limit alerts once per period. */
  periodKey: string;
  limitMb: number;
  usedMb: number;
}

interface UsageAlert {
  userId: number;
  kind: AlertKind;
  params: Record<string, string | number>;
  /** The key of one alert on one channel: the same key again is not sent again. */
  dedupeKey: (channel: AlertChannel) => string;
}

/**
 * Queues usage alerts in the ingestion's transaction, on the channels of each owner's alert
 * settings (no settings: no alert), once per key.
 */
async function queueOnChannels(tx: Tx, now: Date, alerts: UsageAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const settings = await tx
    .select({
      userId: memberAlertSettings.userId,
      sms: memberAlertSettings.sms,
      email: sql<boolean>`${memberAlertSettings.email} and ${emailDeliverable}`,
    })
    .from(memberAlertSettings)
    .innerJoin(memberUsers, eq(memberUsers.id, memberAlertSettings.userId))
    .where(inArray(memberAlertSettings.userId, [...new Set(alerts.map((a) => a.userId))]));
  const channels = new Map(settings.map((s) => [s.userId, channelsOf(s)]));
  const rows = alerts.flatMap((a) =>
    (channels.get(a.userId) ?? []).map((channel) => ({
      userId: a.userId,
      kind: a.kind,
      channel,
      params: a.params,
      dedupeKey: a.dedupeKey(channel),
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(alertQueue)
    .values(rows)
    .onConflictDoNothing({ target: alertQueue.dedupeKey })
    .returning({ id: alertQueue.id });
  return inserted.length;
}

/**
 * Sub-accounts that passed 80 % or 100 % of their cap. The key (account, period, cap, level,
 * channel) makes each once: once a month for a monthly cap, and again after the owner raises the
 * cap and it fills up again.
 */
export function queueCapAlerts(tx: Tx, now: Date, crossings: CapAlert[]): Promise<number> {
  return queueOnChannels(
    tx,
    now,
    crossings.map((c) => ({
      userId: c.userId,
      kind: 'cap',
      params: { account: c.account, capMb: c.capMb, capPeriod: c.capPeriod, level: c.level, usedMb: c.usedMb },
      dedupeKey: (channel) => `cap:${c.accountId}:${c.periodKey}:${c.capMb}:${c.level}:${channel}`,
    })),
  );
}

/**
 * Spend limits used up (decision 0050): once per limit, period and channel, and again when the
 * owner raises the limit and it is used up again in the same period.
 */
export function queueLimitAlerts(tx: Tx, now: Date, crossings: LimitAlert[]): Promise<number> {
  return queueOnChannels(
    tx,
    now,
    crossings.map((c) => {
      const scope = c.accountId === undefined ? 'account' : 'sub_account';
      const owner = c.accountId === undefined ? `u${c.userId}` : `a${c.accountId}`;
      return {
        userId: c.userId,
        kind: 'limit',
        params: { scope, account: c.account ?? '', period: c.period, limitMb: c.limitMb, usedMb: c.usedMb },
        dedupeKey: (channel) => `limit:${owner}:${c.period}:${c.periodKey}:${c.limitMb}:${channel}`,
      };
    }),
  );
}
