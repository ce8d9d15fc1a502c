import { z } from 'zod';
import { loginResult } from './auth.ts';
import { passkeyApi } from './passkeys.ts';
import { defineApi } from './define.ts';

/**
 * Two factors (issue 32, ask 3; docs/decisions/0056-two-factor-rules.md): an authenticator app
 * (TOTP, RFC 6238) with ten one-time recovery codes, asked at sign-in and again before sensitive
 * actions when the last check is older than STEP_UP_WINDOW_MINUTES.
 */

/** A sensitive action needs a second-factor check of the same session at most this old. */
export const STEP_UP_WINDOW_MINUTES = 10;
/** How long the sign-in challenge between the password and the code lives. */
export const SIGN_IN_CHALLENGE_MINUTES = 5;
/** Recovery codes handed out at once (enrolment, or a new set). */
export const RECOVERY_CODE_COUNT = 10;

/** Business codes of two factors (auth module, area 006: `1_004_006_NNN`; 004 is certification's, 005 teams'). */
export const TwoFactorErrorCode = {
  /** The 6-digit code or recovery code is wrong (or was used already). */
  CodeIncorrect: 1_004_006_000,
  /** The sign-in challenge is unknown, used or older than SIGN_IN_CHALLENGE_MINUTES: sign in again. */
  ChallengeExpired: 1_004_006_001,
  /**
   * A sensitive action whose session has no second-factor check within STEP_UP_WINDOW_MINUTES: ask
   * for a code (two-factor/verify) and send the call again.
   */
  RecentCheckRequired: 1_004_006_002,
  /** Enrolment confirm without a started enrolment, or start while two factors are on. */
  NotEnrolling: 1_004_006_003,
  /** Turning two factors off, or the requirement on, while the account requires them / without them. */
  RequirementBlocks: 1_004_006_004,
  /** The account requires two factors and this member has none: enrol first. */
  EnrolmentRequired: 1_004_006_005,
  /**
   * A passkey's answer did not verify (another site or origin, a used or expired challenge, a bad
   * signature, a counter that went back, no user verification where it is needed).
   */
  PasskeyNotAccepted: 1_004_006_006,
  /** The passkey is not one of this member's (or of anyone's, for a sign-in without password). */
  PasskeyUnknown: 1_004_006_007,
  /** A member keeps at most PASSKEY_LIMIT passkeys. */
  PasskeyLimitReached: 1_004_006_008,
} as const;

/** Six digits as an authenticator app shows them (spaces typed in the middle are dropped). */
export const totpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{6}$/.test(v), 'validation.totpCode');

/** A recovery code as printed (`abcde-12345`), case and spaces ignored; or a 6-digit app code. */
export const secondFactorCode = z
  .string()
  .max(40)
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .refine((v) => /^\d{6}$/.test(v) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/.test(v), 'validation.secondFactorCode');

export const secondFactorLoginBody = z.object({
  challenge: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'validation.challenge'),
  code: secondFactorCode,
});

export const twoFactorStatus = z.object({
  /** Two factors are on: the authenticator app, at least one passkey, or both. */
  enabled: z.boolean(),
  /** Epoch ms the authenticator app was turned on; null when off. */
  enabledAt: z.number().int().nullable(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** The account acted on requires two factors of every member. */
  requiredByAccount: z.boolean(),
  /** The authenticator app is on (`enabled` is also true with passkeys only). */
  app: z.boolean(),
  /** Passkeys registered (each one is a second factor and a sign-in without password). */
  passkeys: z.number().int().nonnegative(),
  /** This session passed a second-factor check within STEP_UP_WINDOW_MINUTES. */
  recentCheck: z.boolean(),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatus>;

/** A started enrolment: the secret as a QR code, as text and as an otpauth:// link (set up on this phone). */
export const totpEnrolment = z.object({
  /** Base32, as typed into an authenticator app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`: opens the authenticator app on the same phone. */
  otpauthUrl: z.string(),
  /** The QR code of otpauthUrl as an SVG document. */
  qrSvg: z.string(),
});
export type TotpEnrolment = z.output<typeof totpEnrolment>;

export const recoveryCodes = z.object({
  /** Shown this once; only their hashes are kept. Each works once. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.output<typeof recoveryCodes>;

export const totpConfirmBody = z.object({ code: totpCode });
export const secondFactorCheckBody = z.object({ code: secondFactorCode });
export const twoFactorRequirementBody = z.object({ required: z.boolean() });

export const twoFactorApi = {
  ...passkeyApi,
  authLoginSecondFactor: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/login/second-factor',
    summary:
      'Second step of a sign-in with two factors on: the challenge of auth/login and a 6-digit app code or a recovery code; returns a bearer token',
    tags: ['auth'],
    auth: false,
    body: secondFactorLoginBody,
    data: loginResult,
  }),
  twoFactorStatus: defineApi({
    method: 'GET',
    path: '/app-api/ip/two-factor/status',
    summary: "The caller's two factors: on or off, recovery codes left, the account's requirement, a recent check",
    tags: ['two factors'],
    auth: true,
    data: twoFactorStatus,
  }),
  twoFactorTotpStart: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/totp/start',
    summary: 'Starts (or restarts) setting up an authenticator app: a new secret as QR code, text and link; nothing is on yet',
    tags: ['two factors'],
    auth: true,
    data: totpEnrolment,
  }),
  twoFactorTotpConfirm: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/totp/confirm',
    summary: 'Turns two factors on with a valid code of the started secret; answers the ten recovery codes (shown once)',
    tags: ['two factors'],
    auth: true,
    body: totpConfirmBody,
    data: recoveryCodes,
  }),
  twoFactorVerify: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/verify',
    summary: `Checks a code for this session, so sensitive actions are allowed for ${STEP_UP_WINDOW_MINUTES} minutes`,
    tags: ['two factors'],
    auth: true,
    body: secondFactorCheckBody,
    data: z.boolean(),
  }),
  twoFactorRecoveryCodesRenew: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/recovery-codes',
    summary: 'Replaces the recovery codes with ten new ones (needs a recent check); the old ones stop working',
    tags: ['two factors'],
    auth: true,
    data: recoveryCodes,
  }),
  twoFactorDisable: defineApi({
    method: 'POST',
    path: '/app-api/ip/two-factor/disable',
    summary: 'Turns two factors off (needs a recent check; refused while the account requires them)',
    tags: ['two factors'],
    auth: true,
    data: z.boolean(),
  }),
  twoFactorRequirementUpdate: defineApi({
    method: 'PUT',
    path: '/app-api/ip/two-factor/requirement',
    summary:
      'Requires two factors of every member of the account, or stops requiring them (needs two factors on and a recent check)',
    tags: ['two factors'],
    auth: true,
    body: twoFactorRequirementBody,
    data: z.boolean(),
  }),
};
