import type { Locale, LeadUseCase, LeadVolume } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';

export type LeadStatus = 'open' | 'closed';
/** pending: not sent yet (or a retry is due at confirmation_next_at); sent; failed: given up. */
export type ConfirmationStatus = 'pending' | 'sent' | 'failed';

/**
 * A request for a custom enterprise plan (decision 0028): what the team wrote, who to answer, and
 * the confirmation the contact is sent. Operators follow leads up and close them with a note.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    contactName: text('contact_name').notNull(),
    /** Mobile number or lower-case e-mail address the confirmation (and the reply) goes to. */
    contact: text('contact').notNull(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    volume: text('volume').$type<LeadVolume>().notNull(),
    useCase: text('use_case').$type<LeadUseCase>().notNull(),
    message: text('message').notNull(),
    /** The page's language: the confirmation is written in it. */
    locale: text('locale').$type<Locale>().notNull(),
    /** The host name the form was sent from (the substation that names itself in the confirmation). */
    host: text('host').notNull(),
    /** The logged-in user who sent it, if any. */
    userId: integer('user_id').references(() => memberUsers.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    status: text('status').$type<LeadStatus>().notNull().default('open'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    confirmationStatus: text('confirmation_status').$type<ConfirmationStatus>().notNull().default('pending'),
    /** Delivery attempts started so far. */
    confirmationAttempts: smallint('confirmation_attempts').notNull().default(0),
    /** When the next attempt may start; a claimed attempt pushes it out by a lease (a crashed sender's lead comes back). */
    confirmationNextAt: timestamp('confirmation_next_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmationError: text('confirmation_error'),
  },
  (t) => [
    index('leads_status_created').on(t.status, t.createdAt),
    index('leads_confirmation_due').on(t.confirmationNextAt).where(sql`${t.confirmationStatus} = 'pending'`),
    check('leads_status', sql`${t.status} in ('open', 'closed')`),
    check('leads_confirmation_status', sql`${t.confirmationStatus} in ('pending', 'sent', 'failed')`),
    check('leads_channel', sql`${t.channel} in ('sms', 'email')`),
  ],
);
