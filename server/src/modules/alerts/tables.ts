import type { AlertChannel, Locale } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';

/**
 * A member's alert settings (docs/decisions/0025). No row: no alerts. `low_armed` / `zero_armed`
 * are the hysteresis: an alert disarms its kind, and the balance seen at or above the threshold
 * (above zero) at an ingestion re-arms it, so a recharge re-arms without the fulfilment code knowing.
 */
export const memberAlertSettings = pgTable(
  'alert_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /** null: no low-balance alert. */
    thresholdMb: bigint('threshold_mb', { mode: 'number' }),
    sms: boolean('sms').notNull().default(false),
    email: boolean('email').notNull().default(false),
    /** Where e-mail goes when the account has no e-mail of its own (lower case). */
    alertEmail: text('alert_email'),
    /**
     * When alert_email was confirmed with the code sent to it; null: waiting, no alert goes there.
     * Cleared whenever alert_email changes.
     */
    alertEmailConfirmedAt: timestamp('alert_email_confirmed_at', { withTimezone: true }),
    /** The language of the settings request: alerts are written in it. */
    locale: text('locale').$type<Locale>().notNull(),
    /** The public origin the user set this on (PUBLIC_BASE_URL or their substation): alert links start with it. */
    origin: text('origin').notNull(),
    lowArmed: boolean('low_armed').notNull().default(true),
    zeroArmed: boolean('zero_armed').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('alert_settings_threshold', sql`${t.thresholdMb} is null or ${t.thresholdMb} > 0`)],
);

export type AlertKind = 'low' | 'zero' | 'static_expiry' | 'cap' | 'limit';

export const AlertStatus = { Queued: 0, Sent: 1, Failed: 2 } as const;
export type AlertStatus = (typeof AlertStatus)[keyof typeof AlertStatus];

/**
 * Alerts to send, one row per channel, queued in the transaction that decided them and sent by the
 * job (jobs.ts). A row is claimed by pushing `next_attempt_at` past the send (a lease), so another
 * instance skips it; a failed send waits with backoff, and after ALERT_MAX_ATTEMPTS it is Failed.
 */
export const alertQueue = pgTable(
  'alert_queue',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AlertKind>().notNull(),
    channel: text('channel').$type<AlertChannel>().notNull(),
    /** What the message says: balanceMb / thresholdMb, or orderNo / expireTime. */
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** At most one alert per key (static expiry: order, expiry and channel); null for balance alerts. */
    dedupeKey: text('dedupe_key'),
    status: smallint('status').$type<AlertStatus>().notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_queue_dedupe').on(t.dedupeKey),
    index('alert_queue_due').on(t.nextAttemptAt).where(sql`${t.status} = 0`),
    index('alert_queue_user').on(t.userId, t.createdAt),
    check('alert_queue_status', sql`${t.status} in (0, 1, 2)`),
  ],
);
