import { inArray, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberUsers } from '../accounts/tables.ts';
import { channelsOf, emailDeliverable } from './channels.ts';
import { alertQueue, memberAlertSettings } from './tables.ts';

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

/**
 * Queues the alerts of sub-accounts that passed 80 % or 100 % of their cap, in the ingestion's
 * transaction, on the channels of the owner's alert settings (no settings: no alert). The key
 * (account, period, cap, level, channel) makes each once: once a month for a monthly cap, and again
 * after the owner raises the cap and it fills up again.
 */
export async function queueCapAlerts(tx: Tx, now: Date, crossings: CapAlert[]): Promise<number> {
  if (crossings.length === 0) return 0;
  const settings = await tx
    .select({
      userId: memberAlertSettings.userId,
      sms: memberAlertSettings.sms,
      email: sql<boolean>`${memberAlertSettings.email} and ${emailDeliverable}`,
    })
    .from(memberAlertSettings)
    .innerJoin(memberUsers, eq(memberUsers.id, memberAlertSettings.userId))
    .where(inArray(memberAlertSettings.userId, [...new Set(crossings.map((c) => c.userId))]));
  const channels = new Map(settings.map((s) => [s.userId, channelsOf(s)]));
  const rows = crossings.flatMap((c) =>
    (channels.get(c.userId) ?? []).map((channel) => ({
      userId: c.userId,
      kind: 'cap' as const,
      channel,
      params: { account: c.account, capMb: c.capMb, capPeriod: c.capPeriod, level: c.level, usedMb: c.usedMb },
      dedupeKey: `cap:${c.accountId}:${c.periodKey}:${c.capMb}:${c.level}:${channel}`,
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
