import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox outbox: SMS and e-mails that the sandbox transport "sent" (SANDBOX=true), shown at
 * /sandbox/outbox. Never written outside the sandbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    /** Mobile number or lower-case e-mail address. */
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The verification code the message carries, or null (a notice). */
    code: text('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_messages_to').on(t.to, t.createdAt)],
);
