import type { CaptchaType } from '@portal/shared';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** blockPuzzle: left edge of the piece (and its top, for support); clickWord: centres in click order. */
export type CaptchaAnswer = { x: number; y: number } | { x: number; y: number }[];

/**
 * One captcha handed out by `captcha/get`. The answer stays here (never in a response); `check`
 * claims the row once (checked_at) and, on success, stores the SHA-256 of the captchaVerification
 * the client will compute, which login/register/send-sms-code consume once (verification_used_at).
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    token: text('token').primaryKey(),
    type: text('type').$type<CaptchaType>().notNull(),
    /** The per-token AES-128 key (16 ASCII characters) the client encrypts with. */
    secretKey: text('secret_key').notNull(),
    answer: jsonb('answer').$type<CaptchaAnswer>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Hex SHA-256 of the expected captchaVerification; set by a successful check. */
    verificationHash: text('verification_hash').unique(),
    verificationExpiresAt: timestamp('verification_expires_at', { withTimezone: true }),
    verificationUsedAt: timestamp('verification_used_at', { withTimezone: true }),
  },
  (t) => [index('captcha_challenges_expires_at').on(t.expiresAt)],
);
