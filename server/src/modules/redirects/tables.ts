import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operator-managed redirects for the route guard (SPEC section 2): a page path without locale
 * prefix, and where to send the browser instead. Managed with `npm run ops -- redirect …`.
 */
export const redirectRules = pgTable('redirect_rules', {
  id: serial('id').primaryKey(),
  /** Normalised: no locale prefix, no trailing slash (see service.ts). */
  path: text('path').notNull().unique(),
  /** A path on this site or an absolute http(s) URL (shared `redirectTarget`). */
  target: text('target').notNull(),
  /** Why the rule exists, for the next operator. */
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
