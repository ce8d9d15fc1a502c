import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of everything the server limits (code sends, failed logins, captcha requests), shared by
 * every instance. One row per key (`login:id:m:13800138000`, `code:ip:203.0.113.7`, ...): a fixed
 * window that starts at the first event, its count, and an optional block (lockout) end.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    /** Set when a failure limit was reached: nothing is allowed before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** When the row stops mattering (end of the window or of the block), for the clean-up. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_at').on(t.expiresAt)],
);
