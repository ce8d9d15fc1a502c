import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberUsers, trafficLots } from '../accounts/tables.ts';

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
  // The dashboard's "last updated": the newest ingestion, read from the end of this index.
  (t) => [check('usage_records_bytes', sql`${t.bytes} >= 0`), index('usage_records_ingested_at').on(t.ingestedAt)],
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

/** Which lots paid an hour's deduction, and how much each: the record's `draws`. */
export const deductLotDraws = pgTable(
  'deduct_lot_draws',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => deductHourRecords.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => trafficLots.id, { onDelete: 'cascade' }),
    mb: bigint('mb', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.lotId] }),
    index('deduct_lot_draws_lot').on(t.lotId),
    check('deduct_lot_draws_mb', sql`${t.mb} > 0`),
  ],
);

/**
 * Hourly roll-ups of usage for the breakdown (issue 31, ask 2): one row per user, UTC hour and key
 * of one dimension (`account`: the proxy account name; `domain`; `country`), written in the
 * ingestion's transaction from the records it applies, so a resent batch counts once here too.
 * `key` '' is usage the network did not name. Three small dimensions instead of one row per
 * combination: a breakdown reads one dimension, and 50 accounts × 20 domains × countries per hour
 * would be the product.
 */
export const usageHourly = pgTable(
  'usage_hourly',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    dimension: text('dimension').$type<UsageDimension>().notNull(),
    key: text('key').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    failedRequests: bigint('failed_requests', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dimension, t.hour, t.key] }),
    check('usage_hourly_dimension', sql`${t.dimension} in ('account', 'domain', 'country')`),
    check('usage_hourly_non_negative', sql`${t.bytes} >= 0 and ${t.requests} >= 0 and ${t.failedRequests} >= 0`),
  ],
);

/**
 * The same roll-ups by UTC day, written beside the hourly ones: a 90-day breakdown by day in UTC
 * (the default) reads 24 times fewer rows (decision 0049). Days of another time zone are summed from
 * the hours.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    dimension: text('dimension').$type<UsageDimension>().notNull(),
    key: text('key').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    failedRequests: bigint('failed_requests', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dimension, t.day, t.key] }),
    check('usage_daily_dimension', sql`${t.dimension} in ('account', 'domain', 'country')`),
    check('usage_daily_non_negative', sql`${t.bytes} >= 0 and ${t.requests} >= 0 and ${t.failedRequests} >= 0`),
  ],
);

export type UsageDimension = 'account' | 'domain' | 'country';
