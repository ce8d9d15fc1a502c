import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { memberSessions, memberUsers } from '../accounts/tables.ts';

/**
 * A member's authenticator app (docs/decisions/0056): the TOTP secret encrypted with the data key
 * (AES-256-GCM, purpose `totp`). `enabledAt` null: an enrolment started and not confirmed yet,
 * which asks for nothing.
 */
export const memberTotp = pgTable('member_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => memberUsers.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last accepted code: a code is never accepted twice (RFC 6238 section 5.2). */
  lastStep: integer('last_step').notNull().default(0),
});

/** Recovery codes: only a SHA-256 of each (they are 50 random bits, not a password); each works once. */
export const memberRecoveryCodes = pgTable(
  'member_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('member_recovery_codes_user').on(t.userId)],
);

/**
 * The step between a right password and a session when two factors are on: only the SHA-256 of the
 * opaque token is kept; it lives SIGN_IN_CHALLENGE_MINUTES and is used once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_challenges_expiry').on(t.expiresAt)],
);

/** The last second-factor check of a session (sign-in or step-up): sensitive actions need a recent one. */
export const sessionSecondFactorChecks = pgTable('session_second_factor_checks', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => memberSessions.id, { onDelete: 'cascade' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** The account's (team's, keyed by the account id) rule that every member has two factors. */
export const accountTwoFactorPolicies = pgTable('account_two_factor_policies', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => memberUsers.id, { onDelete: 'cascade' }),
  required: boolean('required').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A member's passkeys (WebAuthn credentials, decision 0057): the public key (COSE, base64url) and
 * the signature counter per credential, kept per person (`memberId`). The credential id is unique
 * across members, so an assertion names its owner.
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /** base64url, as the browser answers it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (unsigned 32 bits); 0 for authenticators that keep none. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    /** Synced by its provider (iCloud Keychain, Google Password Manager…): it survives a lost device. */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('member_passkeys_user').on(t.userId)],
);

/**
 * WebAuthn challenges between the options and the answer: only a SHA-256 of the challenge is kept,
 * it is taken once (a conditional UPDATE) and lives WEBAUTHN_CHALLENGE_MINUTES. In PostgreSQL, not in
 * memory: the options and the answer may reach two different instances. `purpose` and the binding
 * (member, session, sign-in challenge) keep a challenge of one ceremony out of another.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challengeHash: text('challenge_hash').notNull().unique(),
    purpose: text('purpose').$type<'register' | 'step-up' | 'second-factor' | 'passwordless'>().notNull(),
    userId: integer('user_id').references(() => memberUsers.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => memberSessions.id, { onDelete: 'cascade' }),
    /** The SHA-256 of the password step's sign-in challenge (purpose second-factor). */
    signInChallengeHash: text('sign_in_challenge_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_challenges_expiry').on(t.expiresAt)],
);
