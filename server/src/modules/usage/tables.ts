import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';

/** Usage records already ingested, by the proxy network's own id: a resent record counts once. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('usage_records_bytes', sql`${t.bytes} >= 0`)],
);

/**
 * One UTC hour of one user's usage. The hour is billed in whole MB, rounded up: deducted + uncovered
 * always equals ceil(used_bytes / 1 MiB). What the balance could not cover is kept as `uncovered_mb`,
 * so the balance never goes below zero and no usage goes unrecorded.
 */
export const deductHourRecords = pgTable(
  'deduct_hour_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    deductedMb: bigint('deducted_mb', { mode: 'number' }).notNull().default(0),
    uncoveredMb: bigint('uncovered_mb', { mode: 'number' }).notNull().default(0),
    balanceAfterMb: bigint('balance_after_mb', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deduct_hour_records_user_hour').on(t.userId, t.hour),
    index('deduct_hour_records_hour').on(t.hour),
    check('deduct_hour_records_non_negative', sql`${t.usedBytes} >= 0 and ${t.deductedMb} >= 0 and ${t.uncoveredMb} >= 0`),
  ],
);
