import type { CapPeriod, ProxyGeneratorOptions, ProxyListFormat } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  cidr,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** What the cap counts: the UTC calendar month or the account's whole life (decision 0047). */
    capPeriod: text('cap_period').$type<CapPeriod>().notNull().default('month'),
    /** Bytes the network reported for this account since it was made. */
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    /** Bytes of `usage_month` (the first of a UTC month), the latest month usage was reported for. */
    monthUsedBytes: bigint('month_used_bytes', { mode: 'number' }).notNull().default(0),
    usageMonth: timestamp('usage_month', { withTimezone: true }),
    /** Spend limits of a sub-account (decision 0050); null: none. */
    dailyLimitMb: bigint('daily_limit_mb', { mode: 'number' }),
    monthlyLimitMb: bigint('monthly_limit_mb', { mode: 'number' }),
    /** Bytes of `usage_day` (a UTC midnight), the latest day usage was reported for. */
    dayUsedBytes: bigint('day_used_bytes', { mode: 'number' }).notNull().default(0),
    usageDay: timestamp('usage_day', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('proxy_accounts_one_main').on(t.userId).where(sql`${t.main}`),
    index('proxy_accounts_user_id').on(t.userId),
    check('proxy_accounts_cap', sql`${t.trafficCapMb} is null or ${t.trafficCapMb} > 0`),
    check('proxy_accounts_used', sql`${t.usedBytes} >= 0 and ${t.monthUsedBytes} >= 0`),
    check('proxy_accounts_cap_period', sql`${t.capPeriod} in ('month', 'total')`),
    check(
      'proxy_accounts_limits',
      sql`(${t.dailyLimitMb} is null or ${t.dailyLimitMb} > 0) and (${t.monthlyLimitMb} is null or ${t.monthlyLimitMb} > 0) and ${t.dayUsedBytes} >= 0`,
    ),
  ],
);

/**
 * The whole account's spend limits and what they count (issue 31, ask 4; decision 0050): all of the
 * user's usage, named or not, by UTC day and month, counted in the ingestion's transaction for every
 * user of a batch, so a limit set mid-day counts the day from its start.
 */
export const proxySpend = pgTable(
  'proxy_spend',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    dailyLimitMb: bigint('daily_limit_mb', { mode: 'number' }),
    monthlyLimitMb: bigint('monthly_limit_mb', { mode: 'number' }),
    dayUsedBytes: bigint('day_used_bytes', { mode: 'number' }).notNull().default(0),
    usageDay: timestamp('usage_day', { withTimezone: true }),
    monthUsedBytes: bigint('month_used_bytes', { mode: 'number' }).notNull().default(0),
    usageMonth: timestamp('usage_month', { withTimezone: true }),
  },
  (t) => [
    check(
      'proxy_spend_limits',
      sql`(${t.dailyLimitMb} is null or ${t.dailyLimitMb} > 0) and (${t.monthlyLimitMb} is null or ${t.monthlyLimitMb} > 0)`,
    ),
    check('proxy_spend_used', sql`${t.dayUsedBytes} >= 0 and ${t.monthUsedBytes} >= 0`),
  ],
);

/**
 * Source addresses allowed to use a proxy account without its password (IP allow-list
 * authentication, issue 18): single IPv4/IPv6 addresses or ranges no wider than /24 (IPv4) or /48
 * (IPv6), up to PROXY_MAX_ALLOWED_IPS per account, unique per account only: the username names the
 * account, so entries of different users may overlap (issue 27). user_id repeats the account's
 * owner so the address space of all of a user's accounts is read without a join.
 */
export const proxyAllowedIps = pgTable(
  'proxy_allowed_ips',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => proxyAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /** Normalised network (`203.0.113.7/32`, `2001:db8::/48`). */
    network: cidr('network').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('proxy_allowed_ips_account_network').on(t.accountId, t.network),
    index('proxy_allowed_ips_network').using('gist', sql`${t.network} inet_ops`),
    index('proxy_allowed_ips_user_id').on(t.userId),
  ],
);

/**
 * Proxy list links (issue 31 ask 5, decision 0051): one per proxy account, a URL that answers the
 * account's generated lines as a file. Only the token's SHA-256 is kept (the URL is shown once, at
 * creation and rotation). Deleting the account deletes its link (cascade); a password reset deletes
 * it too (service.ts), and the link is bound to the password it was made with, so a password changed
 * any other way also ends it.
 */
export const proxyListLinks = pgTable(
  'proxy_list_links',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => proxyAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token of the URL. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Hex SHA-256 of the account's password when the link was made: another password, a dead link. */
    passwordHash: text('password_hash').notNull(),
    format: text('format').$type<ProxyListFormat>().notNull(),
    /** The generator's options (contract `proxyGeneratorOptions`), parsed again on every download. */
    options: jsonb('options').$type<ProxyGeneratorOptions>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('proxy_list_links_account').on(t.accountId),
    index('proxy_list_links_user_id').on(t.userId),
    check('proxy_list_links_format', sql`${t.format} in ('txt', 'csv', 'json')`),
  ],
);
