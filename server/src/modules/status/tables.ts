import type { ComponentState, IncidentSeverity, IncidentState, Locale, StatusProduct } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The state of one product in one region as the proxy network last reported it (decision 0048).
 * One row per component: a report replaces an older one, never a newer one.
 */
export const statusComponents = pgTable(
  'status_components',
  {
    product: text('product').$type<StatusProduct>().notNull(),
    /** `global` or an ISO country code. */
    region: text('region').notNull(),
    state: text('state').$type<ComponentState>().notNull(),
    /** When the network measured it. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    /** When the state last changed (a report with the same state keeps it). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.product, t.region] }),
    check('status_components_state', sql`${t.state} in ('operational', 'degraded', 'outage', 'maintenance')`),
  ],
);

/** An incident operators opened: its title in both languages; what happened is in its updates. */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en').notNull(),
    titleZh: text('title_zh').notNull(),
    severity: text('severity').$type<IncidentSeverity>().notNull(),
    /** The state of the newest update. */
    state: text('state').$type<IncidentState>().notNull(),
    /** `product` or `product:REGION`. */
    components: jsonb('components').$type<string[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('status_incidents_open').on(t.startedAt).where(sql`${t.resolvedAt} is null`),
    index('status_incidents_resolved').on(t.resolvedAt),
    check('status_incidents_severity', sql`${t.severity} in ('minor', 'major', 'critical')`),
    check('status_incidents_state', sql`${t.state} in ('investigating', 'identified', 'monitoring', 'resolved')`),
  ],
);

/** One step of an incident: the opening note, each update, the resolution. */
export const statusIncidentUpdates = pgTable(
  'status_incident_updates',
  {
    id: serial('id').primaryKey(),
    incidentId: integer('incident_id')
      .notNull()
      .references(() => statusIncidents.id, { onDelete: 'cascade' }),
    state: text('state').$type<IncidentState>().notNull(),
    bodyEn: text('body_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('status_incident_updates_incident').on(t.incidentId, t.createdAt)],
);

export type SubscriberStatus = 'pending' | 'confirmed';

/**
 * An e-mail address that asked for incident updates. Confirmed through the link of the confirmation
 * mail (double opt-in); only confirmed addresses get updates. An unsubscribe deletes the row.
 */
export const statusSubscribers = pgTable(
  'status_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    /** The page's language: mails are written in it. */
    locale: text('locale').$type<Locale>().notNull(),
    /** The public origin of the page it subscribed on (a configured origin, never a raw Host): links in its mails start with it. */
    origin: text('origin').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull().default('pending'),
    /** SHA-256 of the confirmation link's token; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** The unsubscribe link's token, written into every mail (its only power: ending this subscription). */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('status_subscribers_email').on(t.email),
    uniqueIndex('status_subscribers_confirm_token').on(t.confirmTokenHash),
    uniqueIndex('status_subscribers_unsubscribe_token').on(t.unsubscribeToken),
    check('status_subscribers_status', sql`${t.status} in ('pending', 'confirmed')`),
  ],
);

/** pending: due at next_at; sent; failed: given up. */
export type NotificationStatus = 'pending' | 'sent' | 'failed';

/** One incident update to one confirmed subscriber: queued by ops in the update's transaction, sent by the server's job. */
export const statusNotifications = pgTable(
  'status_notifications',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => statusSubscribers.id, { onDelete: 'cascade' }),
    updateId: integer('update_id')
      .notNull()
      .references(() => statusIncidentUpdates.id, { onDelete: 'cascade' }),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('status_notifications_once').on(t.subscriberId, t.updateId),
    index('status_notifications_due').on(t.nextAt).where(sql`${t.status} = 'pending'`),
    check('status_notifications_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
