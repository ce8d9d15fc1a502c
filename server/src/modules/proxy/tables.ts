import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';

/**
 * The proxy accounts of a member (SPEC section 5): the credentials of the gateway, distinct from the
 * login. One main account per user (created on first use; the partial unique index enforces it) and
 * up to PROXY_MAX_SUB_ACCOUNTS sub-accounts named `<main>_<name>`. The password is kept as text: the
 * owner sees it and the gateway's verification compares it; it never goes into logs.
 */
export const proxyAccounts = pgTable(
  'proxy_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    main: boolean('main').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Sub-accounts only; null: no cap (the owner's balance is the limit). */
    trafficCapMb: bigint('traffic_cap_mb', { mode: 'number' }),
    usedMb: bigint('used_mb', { mode: 'number' }).notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('proxy_accounts_one_main').on(t.userId).where(sql`${t.main}`),
    index('proxy_accounts_user_id').on(t.userId),
    check('proxy_accounts_cap', sql`${t.trafficCapMb} is null or ${t.trafficCapMb} > 0`),
    check('proxy_accounts_used', sql`${t.usedMb} >= 0`),
  ],
);
