import type {
  CertificationType,
  TeamRole,
  IdentificationStatus,
  Locale,
  SignInResult,
  TrafficLotSource,
  VerificationScene,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { siteSettings } from '../system/tables.ts';

/**
 * A member (customer) account. Login ids are the mobile number and/or the e-mail address (stored
 * lower-case so uniqueness ignores case); at least one of them is set.
 */
export const memberUsers = pgTable(
  'member_users',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').unique(),
    email: text('email').unique(),
    /** `scrypt$N$r$p$salt$hash`, see password.ts. */
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    /** Remaining dynamic traffic in MB; never negative (a deduction must not overdraw it). */
    limitBalance: bigint('limit_balance', { mode: 'number' }).notNull().default(0),
    identificationStatus: smallint('identification_status').$type<IdentificationStatus>().notNull().default(0),
    certificationType: smallint('certification_type').$type<CertificationType>(),
    /**
     * The substation the member registered on (the site matching the host, the default site
     * otherwise): their orders are priced by it, whichever host they buy through (decision 0027).
     */
    siteId: integer('site_id')
      .notNull()
      .references(() => siteSettings.id),
    /**
     * The member's language: the one of their registration, then of their last sign-in or password
     * change. Security notices (a reset, failed sign-ins) are written in it, whoever triggered them.
     */
    locale: text('locale').$type<Locale>().notNull().default('zh-CN'),
    /** Tell the member of a sign-in from a device not seen in 90 days (on by default, decision 0052). */
    newDeviceNotice: boolean('new_device_notice').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_users_login_id', sql`${t.mobile} is not null or ${t.email} is not null`),
    check('member_users_limit_balance', sql`${t.limitBalance} >= 0`),
    check('member_users_identification_status', sql`${t.identificationStatus} between 0 and 4`),
    check('member_users_certification_type', sql`${t.certificationType} in (0, 1)`),
    check('member_users_locale', sql`${t.locale} in ('zh-CN', 'en')`),
  ],
);

/**
 * One credit of dynamic traffic with its own expiry: a paid package or custom amount (from the paid
 * time, for the validity the order showed), an operator's grant, or the balance that existed before
 * lots (migration 0015). The member's `limit_balance` is the sum of `remaining_mb` over lots not yet
 * expired, kept in the same transactions (traffic-lots.ts); usage draws from the lot expiring
 * first; the expiry job moves an expired remainder to `expired_mb`. Every change to a member's lots
 * happens under that member's row lock, so lots need no locks of their own.
 */
export const trafficLots = pgTable(
  'traffic_lots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    source: text('source').$type<TrafficLotSource>().notNull(),
    /** The recharge order that bought it (copied, like an order copies its figures). */
    orderNo: text('order_no'),
    grantedMb: bigint('granted_mb', { mode: 'number' }).notNull(),
    remainingMb: bigint('remaining_mb', { mode: 'number' }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the expiry job took the remainder, and how much it took (the expiry record). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    expiredMb: bigint('expired_mb', { mode: 'number' }).notNull().default(0),
    /** When a refund of its order took the remainder back, and how much it took (decision 0058). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedMb: bigint('refunded_mb', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('traffic_lots_user_expiry').on(t.userId, t.expiresAt),
    // The expiry job's scan: only lots with something left.
    index('traffic_lots_due').on(t.expiresAt).where(sql`${t.remainingMb} > 0`),
    uniqueIndex('traffic_lots_order').on(t.orderNo),
    check('traffic_lots_source', sql`${t.source} in ('order', 'grant', 'migrated')`),
    check(
      'traffic_lots_amounts',
      sql`${t.grantedMb} > 0 and ${t.remainingMb} >= 0 and ${t.expiredMb} >= 0 and ${t.refundedMb} >= 0 and ${t.remainingMb} + ${t.expiredMb} + ${t.refundedMb} <= ${t.grantedMb}`,
    ),
    check('traffic_lots_order_source', sql`(${t.source} = 'order') = (${t.orderNo} is not null)`),
  ],
);

/**
 * One login of a member. Only the SHA-256 of the token is stored, so a leaked table does not leak
 * usable tokens; revocation (logout, later password reset) sets revoked_at.
 */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: serial('id').primaryKey(),
    /** Hex SHA-256 of the bearer token. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The User-Agent of the sign-in (cut to 512 characters), parsed for display (decision 0052). */
    userAgent: text('user_agent').notNull().default(''),
    /** The client address of the sign-in (request.ip, behind the trusted proxies). */
    ip: text('ip').notNull().default(''),
    /**
     * The team (account) this session acts on (decision 0053): the member's own at sign-in, another
     * team of theirs after a switch. Null reads as their own (sessions opened before teams).
     */
    teamId: integer('team_id').references(() => memberUsers.id, { onDelete: 'cascade' }),
  },
  // Revoking every session of a user (password reset) and pruning dead ones look up by user.
  (t) => [index('member_sessions_user_id').on(t.userId)],
);

/**
 * Who belongs to which team, with which role (decisions 0053, 0054). A team is an account (a
 * member_users row holding balance, orders, IPs…); its owner is the account itself, one row with
 * role `owner` per team. Every change notifies the session cache of every instance (migration
 * 0032), so a removal or a role change holds at once.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    role: text('role').$type<TeamRole>().notNull(),
    /** Who invited them (null: the owner of their own team, or the inviter's account is gone). */
    invitedBy: integer('invited_by').references(() => memberUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_pair').on(t.teamId, t.memberId),
    index('team_members_member').on(t.memberId),
    // One owner per team.
    uniqueIndex('team_members_one_owner').on(t.teamId).where(sql`${t.role} = 'owner'`),
    check('team_members_role', sql`${t.role} in ('owner', 'admin', 'finance', 'developer', 'viewer')`),
  ],
);

/**
 * Scenes of codes the server sends for its own purposes, never through the public send-sms-code
 * (whose contract allows only VerificationScene): a code to confirm an account's alert e-mail
 * address (decision 0025).
 */
export const ServerCodeScene = { AlertEmail: 100 } as const;
export type CodeScene = VerificationScene | (typeof ServerCodeScene)[keyof typeof ServerCodeScene];

/**
 * A verification code sent for register (scene 0), password reset (scene 3) or a server scene (an
 * account's own request: `destination` then ends with `#<user id>`, so only that account's request
 * checks it). Only a salted
 * SHA-256 of the code is kept (out of sight in logs, dumps and dashboards; six digits cannot resist
 * an offline search, so the real protection is the 5-minute life and the 5 tries). A new code for a
 * destination and scene retires the older ones.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    /** `sms` with a mobile number, `email` with a lower-case address. */
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    destination: text('destination').notNull(),
    /** VerificationScene, or a ServerCodeScene for the server's own codes. */
    scene: smallint('scene').$type<CodeScene>().notNull(),
    /** `salt$sha256hex` of the code. */
    codeHash: text('code_hash').notNull(),
    /** Checks made against this code, right or wrong; at the limit the code is dead. */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_destination').on(t.destination, t.scene)],
);

/**
 * One login attempt on an existing account (decision 0052): success, or a failure with its kind.
 * Never a password or a token. Attempts for unknown login ids are not stored. Kept 90 days: a
 * member's older rows are deleted at each insert, and lists never show them.
 */
export const memberSignIns = pgTable(
  'member_sign_ins',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /**
     * `success`, or the failure: `password` (wrong), `locked` (too many attempts), `captcha` (captcha
     * needed), `code` (wrong second-factor code, decision 0056).
     */
    result: text('result').$type<SignInResult>().notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** SHA-256 of browser, system and address prefix: a new device is a key not seen for 90 days. */
    deviceKey: text('device_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('member_sign_ins_user_time').on(t.userId, t.createdAt),
    check('member_sign_ins_result', sql`${t.result} in ('success', 'password', 'locked', 'captcha', 'code', 'passkey')`),
  ],
);
