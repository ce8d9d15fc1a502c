import { type AlertChannel, AlertErrorCode, type AlertSettings, type Locale, MB_PER_GB } from '@portal/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { maskMobile } from '../accounts/mask.ts';
import { memberUsers } from '../accounts/tables.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { staticOrderItems, staticOrders } from '../static-ip/tables.ts';
import { channelsOf, emailDeliverable } from './channels.ts';
import { type AlertKind, alertQueue, AlertStatus, memberAlertSettings } from './tables.ts';

const DAY_MS = 86_400_000;
/** Static IP orders are announced this long before they expire. */
export const STATIC_NOTICE_MS = 3 * DAY_MS;

export interface BalanceChange {
  userId: number;
  beforeMb: number;
  afterMb: number;
}

/**
 * Decides the balance alerts of a transaction that changed balances and queues them in it (the
 * caller holds the users' row locks, so concurrent batches of one user run one after the other and
 * see each other's state). Rules (docs/decisions/0025):
 * - low: the balance ends below the threshold while armed; armed again once an ingestion sees the
 *   balance at or above the threshold (before or after its usage), so a recharge re-arms by itself.
 * - zero: the balance ends at 0 while armed; armed again by any balance above 0. A batch that
 *   crosses the threshold and ends at 0 sends the zero alert only (it says more).
 */
export async function queueBalanceAlerts(tx: Tx, now: Date, changes: BalanceChange[]): Promise<number> {
  if (changes.length === 0) return 0;
  const byUser = new Map(changes.map((c) => [c.userId, c]));
  const settings = await tx
    .select({
      userId: memberAlertSettings.userId,
      thresholdMb: memberAlertSettings.thresholdMb,
      lowArmed: memberAlertSettings.lowArmed,
      zeroArmed: memberAlertSettings.zeroArmed,
      sms: memberAlertSettings.sms,
      email: sql<boolean>`${memberAlertSettings.email} and ${emailDeliverable}`,
    })
    .from(memberAlertSettings)
    .innerJoin(memberUsers, eq(memberUsers.id, memberAlertSettings.userId))
    .where(
      and(
        inArray(memberAlertSettings.userId, [...byUser.keys()]),
        or(eq(memberAlertSettings.sms, true), eq(memberAlertSettings.email, true)),
      ),
    )
    .orderBy(asc(memberAlertSettings.userId))
    .for('update', { of: memberAlertSettings });
  let queued = 0;
  for (const s of settings) {
    const change = byUser.get(s.userId);
    if (!change) continue;
    const { beforeMb: before, afterMb: after } = change;
    const threshold = s.thresholdMb;
    const lowArmed = threshold !== null && (s.lowArmed || before >= threshold);
    const zeroArmed = s.zeroArmed || before > 0;
    let kind: AlertKind | null = null;
    if (after === 0 && zeroArmed) kind = 'zero';
    else if (threshold !== null && after < threshold && lowArmed) kind = 'low';
    const next = { lowArmed: threshold === null || after >= threshold, zeroArmed: after > 0 };
    if (next.lowArmed !== s.lowArmed || next.zeroArmed !== s.zeroArmed) {
      await tx.update(memberAlertSettings).set(next).where(eq(memberAlertSettings.userId, s.userId));
    }
    if (!kind) continue;
    const params = { balanceMb: after, ...(threshold !== null && { thresholdMb: threshold }) };
    const rows = channelsOf(s).map((channel) => ({
      userId: s.userId,
      kind,
      channel,
      params,
      nextAttemptAt: now,
      createdAt: now,
    }));
    await tx.insert(alertQueue).values(rows);
    queued += rows.length;
  }
  return queued;
}

/**
 * Queues one alert per static IP order (and channel) whose held IPs expire within 3 days: the
 * earliest expiry of the order's IPs; the key (order, that expiry, channel) makes it once, on every
 * instance, and a renewal's new expiry gets its own alert in turn.
 */
export async function queueStaticExpiryAlerts(db: Db, now: Date): Promise<number> {
  const expiry = sql<Date>`min(${staticOrderItems.expireTime})`;
  const due = await db
    .select({
      orderId: staticOrderItems.orderId,
      orderNo: staticOrders.orderNo,
      userId: staticOrderItems.userId,
      sms: memberAlertSettings.sms,
      email: sql<boolean>`${memberAlertSettings.email} and ${emailDeliverable}`,
      expireTime: expiry.mapWith((v: string | Date) => new Date(v)),
    })
    .from(staticOrderItems)
    .innerJoin(staticOrders, eq(staticOrders.id, staticOrderItems.orderId))
    .innerJoin(memberAlertSettings, eq(memberAlertSettings.userId, staticOrderItems.userId))
    .innerJoin(memberUsers, eq(memberUsers.id, staticOrderItems.userId))
    .where(
      and(
        eq(staticOrderItems.released, false),
        gt(staticOrderItems.expireTime, now),
        lte(staticOrderItems.expireTime, new Date(now.getTime() + STATIC_NOTICE_MS)),
        or(eq(memberAlertSettings.sms, true), eq(memberAlertSettings.email, true)),
      ),
    )
    .groupBy(
      staticOrderItems.orderId,
      staticOrders.orderNo,
      staticOrderItems.userId,
      memberAlertSettings.sms,
      memberAlertSettings.email,
      memberAlertSettings.alertEmail,
      memberAlertSettings.alertEmailConfirmedAt,
      memberUsers.email,
    );
  const rows = due.flatMap((d) =>
    channelsOf(d).map((channel) => ({
      userId: d.userId,
      kind: 'static_expiry' as const,
      channel,
      params: { orderId: d.orderId, orderNo: d.orderNo, expireTime: d.expireTime.getTime() },
      dedupeKey: `static:${d.orderId}:${d.expireTime.getTime()}:${channel}`,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(alertQueue)
    .values(rows)
    .onConflictDoNothing({ target: alertQueue.dedupeKey })
    .returning({ id: alertQueue.id });
  return inserted.length;
}

// ---------------------------------------------------------------------------------------------
// Settings

async function contactOf(db: Db, userId: number) {
  const [user] = await db
    .select({ mobile: memberUsers.mobile, email: memberUsers.email })
    .from(memberUsers)
    .where(eq(memberUsers.id, userId));
  return { mobile: user?.mobile ?? null, email: user?.email ?? null };
}

export async function getAlertSettings(db: Db, userId: number): Promise<AlertSettings> {
  const contact = await contactOf(db, userId);
  const [s] = await db.select().from(memberAlertSettings).where(eq(memberAlertSettings.userId, userId));
  return {
    thresholdGb: s?.thresholdMb ? s.thresholdMb / MB_PER_GB : null,
    channels: s ? channelsOf(s) : [],
    mobile: contact.mobile ? maskMobile(contact.mobile) : null,
    accountEmail: contact.email,
    alertEmail: s?.alertEmail ?? null,
    alertEmailConfirmed: Boolean(s?.alertEmail && s.alertEmailConfirmedAt),
  };
}

/** Sends a confirmation code to an alert address: takes the code limits (throwing their error) and sends it. */
export type SendAlertEmailCode = (address: string) => Promise<void>;

/**
 * Saves the caller's settings. SMS needs the account's mobile number; e-mail the account's address
 * or one given here. A new threshold is armed at once (the next usage below it alerts). A new alert
 * address is saved unconfirmed and gets a code; when the code cannot be sent (too soon, daily cap,
 * no e-mail provider) nothing is saved. The same address again keeps its confirmation.
 */
export async function updateAlertSettings(
  db: Db,
  now: Date,
  userId: number,
  body: { thresholdGb: number | null; channels: AlertChannel[]; alertEmail: string | null },
  context: { locale: Locale; origin: string; smsAvailable: boolean; emailAvailable: boolean; sendCode: SendAlertEmailCode },
): Promise<AlertSettings> {
  const contact = await contactOf(db, userId);
  const sms = body.channels.includes('sms');
  const email = body.channels.includes('email');
  if (sms && !contact.mobile) throw new BusinessError(AlertErrorCode.NoMobile, 'alerts.noMobile');
  if (sms && !context.smsAvailable) throw new BusinessError(AlertErrorCode.SmsUnavailable, 'alerts.smsUnavailable');
  const alertEmail = contact.email ? null : body.alertEmail;
  if (email && !contact.email && !alertEmail) throw new BusinessError(AlertErrorCode.NoEmail, 'alerts.noEmail');
  const [before] = await db
    .select({ alertEmail: memberAlertSettings.alertEmail })
    .from(memberAlertSettings)
    .where(eq(memberAlertSettings.userId, userId));
  if (alertEmail !== null && alertEmail !== (before?.alertEmail ?? null)) {
    if (!context.emailAvailable) throw new BusinessError(AlertErrorCode.EmailUnavailable, 'alerts.emailUnavailable');
    await context.sendCode(alertEmail);
  }
  const thresholdMb = body.thresholdGb === null ? null : body.thresholdGb * MB_PER_GB;
  const values = {
    thresholdMb,
    sms,
    email,
    alertEmail,
    // Kept only for the address it confirmed (decided in the statement: a parallel change cannot slip through).
    alertEmailConfirmedAt: sql`case when ${memberAlertSettings.alertEmail} = ${alertEmail} then ${memberAlertSettings.alertEmailConfirmedAt} end`,
    locale: context.locale,
    origin: context.origin,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ thresholdMb: memberAlertSettings.thresholdMb })
      .from(memberAlertSettings)
      .where(eq(memberAlertSettings.userId, userId))
      .for('update');
    if (!current) {
      await tx
        .insert(memberAlertSettings)
        .values({ userId, ...values, alertEmailConfirmedAt: null })
        .onConflictDoUpdate({ target: memberAlertSettings.userId, set: { ...values, lowArmed: true } });
    } else {
      const rearm = current.thresholdMb !== thresholdMb;
      await tx
        .update(memberAlertSettings)
        .set({ ...values, ...(rearm && { lowArmed: true }) })
        .where(eq(memberAlertSettings.userId, userId));
    }
  });
  return getAlertSettings(db, userId);
}

/** The alert address of a user that waits for confirmation, or null. */
export async function pendingAlertEmail(db: Db, userId: number): Promise<string | null> {
  const [s] = await db
    .select({ alertEmail: memberAlertSettings.alertEmail, confirmedAt: memberAlertSettings.alertEmailConfirmedAt })
    .from(memberAlertSettings)
    .where(eq(memberAlertSettings.userId, userId));
  return s?.alertEmail && !s.confirmedAt ? s.alertEmail : null;
}

/**
 * Marks the alert address confirmed if it is still `address` and unconfirmed (one conditional
 * UPDATE: an address changed meanwhile stays unconfirmed). Answers whether it did.
 */
export async function markAlertEmailConfirmed(db: Db, userId: number, address: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(memberAlertSettings)
    .set({ alertEmailConfirmedAt: now })
    .where(
      and(
        eq(memberAlertSettings.userId, userId),
        eq(memberAlertSettings.alertEmail, address),
        isNull(memberAlertSettings.alertEmailConfirmedAt),
      ),
    )
    .returning({ userId: memberAlertSettings.userId });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Attempts before an alert is given up (Failed, logged as an error). */
export const ALERT_MAX_ATTEMPTS = 6;
/** How long a claimed alert is hidden from other instances while it is being sent. */
export const ALERT_LEASE_MS = 120_000;
/** Wait after the n-th failed attempt: 30 s, 1, 2, 4, 8 min… capped at an hour. */
export const alertBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

export type QueuedAlert = typeof alertQueue.$inferSelect;

/**
 * Takes up to `batch` due alerts for this instance: locked with SKIP LOCKED and leased (their next
 * attempt moved past the send) in one short transaction, so another instance neither waits for nor
 * takes them, and an instance that dies mid-send leaves them to be retried after the lease.
 */
export async function claimDueAlerts(db: Db, now: Date, batch = 50): Promise<QueuedAlert[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: alertQueue.id })
      .from(alertQueue)
      .where(and(eq(alertQueue.status, AlertStatus.Queued), lte(alertQueue.nextAttemptAt, now)))
      .orderBy(asc(alertQueue.nextAttemptAt), asc(alertQueue.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(alertQueue)
      .set({ attempts: sql`${alertQueue.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + ALERT_LEASE_MS) })
      .where(
        inArray(
          alertQueue.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markAlertSent(db: Db, now: Date, id: number): Promise<void> {
  await db
    .update(alertQueue)
    .set({ status: AlertStatus.Sent, sentAt: now, lastError: null })
    .where(and(eq(alertQueue.id, id), eq(alertQueue.status, AlertStatus.Queued)));
}

/**
 * A failed attempt: retried after the backoff, or Failed after ALERT_MAX_ATTEMPTS (or at once when
 * `final`: no retry can help). Answers whether it failed for good.
 */
export async function markAlertFailed(db: Db, now: Date, alert: QueuedAlert, error: string, final = false): Promise<boolean> {
  final ||= alert.attempts >= ALERT_MAX_ATTEMPTS;
  await db
    .update(alertQueue)
    .set({
      lastError: error.slice(0, 500),
      ...(final ? { status: AlertStatus.Failed } : { nextAttemptAt: new Date(now.getTime() + alertBackoffMs(alert.attempts)) }),
    })
    .where(and(eq(alertQueue.id, alert.id), eq(alertQueue.status, AlertStatus.Queued)));
  return final;
}

/** Where and how an alert goes: the user's contact for the channel, language and origin, last package. */
export async function alertRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({
      mobile: memberUsers.mobile,
      email: memberUsers.email,
      alertEmail: memberAlertSettings.alertEmail,
      alertEmailConfirmedAt: memberAlertSettings.alertEmailConfirmedAt,
      locale: memberAlertSettings.locale,
      origin: memberAlertSettings.origin,
    })
    .from(memberUsers)
    .innerJoin(memberAlertSettings, eq(memberAlertSettings.userId, memberUsers.id))
    .where(eq(memberUsers.id, userId));
  if (!row) return null;
  const [last] = await db
    .select({ packageId: rechargeOrders.packageId })
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.userId, userId), eq(rechargeOrders.payStatus, 1), isNotNull(rechargeOrders.packageId)))
    .orderBy(desc(rechargeOrders.payTime), desc(rechargeOrders.id))
    .limit(1);
  return {
    mobile: row.mobile,
    // An alert address that is not confirmed (any more) is no address.
    email: row.email ?? (row.alertEmailConfirmedAt ? row.alertEmail : null),
    locale: row.locale,
    origin: row.origin,
    lastPackageId: last?.packageId ?? null,
  };
}
