import { z } from 'zod';
import { isValidMobile, normalizeMobile } from '../validation/phone.ts';
import { defineApi } from './define.ts';
import { exactText } from './primitives.ts';

/** Identification (real-name certification) status, SPEC section 4. Only Success counts as certified. */
export const IdentificationStatus = { Pending: 0, Auditing: 1, Pickup: 2, Success: 3, Fail: 4 } as const;
export type IdentificationStatus = (typeof IdentificationStatus)[keyof typeof IdentificationStatus];
export const identificationStatus = z.literal(Object.values(IdentificationStatus));

/** Certification type, SPEC section 4: set by the certification the user completed. */
export const CertificationType = { Personal: 0, Enterprise: 1 } as const;
export type CertificationType = (typeof CertificationType)[keyof typeof CertificationType];
export const certificationType = z.literal(Object.values(CertificationType));

/** Business codes of the member module (yudao style `1_004_NNN_NNN`). */
export const AuthErrorCode = {
  /** Unknown login id or wrong password: deliberately one code and one message, so accounts cannot be enumerated. */
  LoginFailed: 1_004_003_000,
  /** Too many failed logins (or wrong current passwords) for this login id or from this address; msg says how long. */
  TooManyAttempts: 1_004_003_001,
  /** login, register and send-sms-code need a fresh captchaVerification (CAPTCHA_ENABLED). */
  CaptchaRequired: 1_004_003_002,
  /** Wrong, expired, used or dead verification code (also: register with a taken mobile/e-mail). */
  CodeInvalid: 1_004_003_003,
  /** A code was sent to this destination less than 60 s ago; msg holds the remaining seconds. */
  CodeTooSoon: 1_004_003_004,
  /** The daily number of codes for this destination or this address is used up. */
  CodeDailyLimit: 1_004_003_005,
  /** update-password: the current password given is wrong. */
  OldPasswordIncorrect: 1_004_003_006,
  /** No SMS or e-mail provider is configured for the channel asked for. */
  ChannelUnavailable: 1_004_003_007,
  /** The SMS provider cannot send to the number's country (SMS_COUNTRIES); msg names the country. */
  SmsCountryUnavailable: 1_004_003_008,
  /** member-session/revoke: no live session of the caller has this id. */
  SessionNotFound: 1_004_003_009,
} as const;

/**
 * A mobile number: a mainland one as its 11 digits (13x-19x, also typed `+86 …`), any other as
 * `+` and the country code, validated with libphonenumber's mobile metadata (validation/phone.ts).
 * Parsed to the stored form: the 11 digits for the mainland, E.164 (`+14155550123`) otherwise.
 */
export const mobileNumber = z
  .string()
  .trim()
  .max(32, 'validation.mobile')
  .refine(isValidMobile, 'validation.mobile')
  .overwrite((v) => normalizeMobile(v) ?? v);

/** An e-mail address, trimmed and lower-cased (accounts store it lower-case: uniqueness ignores case). */
export const emailAddress = z.string().trim().toLowerCase().max(254, 'validation.email').pipe(z.email('validation.email'));

/** Purpose of a verification code, SPEC section 4. */
export const VerificationScene = { Register: 0, ResetPassword: 3 } as const;
export type VerificationScene = (typeof VerificationScene)[keyof typeof VerificationScene];
export const verificationScene = z.literal(Object.values(VerificationScene));

/** The 6-digit code sent by SMS or e-mail. */
export const verificationCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'validation.code');

/** Seconds between two codes to one destination (the client's resend countdown). */
export const CODE_RESEND_SECONDS = 60;
/** Minutes a code stays valid. */
export const CODE_TTL_MINUTES = 5;

/** The password rule in words (validation.newPassword): 8-32 characters, a letter and a digit. */
export function isAcceptablePassword(value: string): boolean {
  // NFKC as the hash does: a full-width digit typed with a Chinese IME counts as a digit.
  const normalized = value.normalize('NFKC');
  const length = [...value].length;
  return length >= 8 && length <= 32 && /[A-Za-z]/.test(normalized) && /[0-9]/.test(normalized) && !/\p{Cc}/u.test(value);
}

/**
 * A password being set (register, reset, change): 8-32 characters with at least one letter and one
 * digit. Client forms use this very schema, so both sides apply one rule.
 */
export const newPassword = z.string().refine(isAcceptablePassword, 'validation.newPassword');

/** The single-use proof of a passed captcha (captcha/check), required where CAPTCHA_ENABLED. */
export const captchaVerification = exactText(512);

/** Exactly one of mobile / email: the destination of a code, or the login id. */
function oneDestination(value: { mobile?: string | undefined; email?: string | undefined }, ctx: z.RefinementCtx): void {
  const given = (value.mobile !== undefined ? 1 : 0) + (value.email !== undefined ? 1 : 0);
  if (given !== 1)
    ctx.addIssue({
      code: 'custom',
      path: [value.mobile === undefined ? 'mobile' : 'email'],
      message: 'validation.mobileOrEmail',
    });
}

/**
 * A password as typed at login: any non-empty text without control characters (a password box holds
 * none, and no password was ever set with one: newPassword). Strength rules belong to setting a
 * password, so a stricter rule later never locks out existing users. The cap keeps hashing cost bounded.
 */
export const loginPassword = exactText(128).min(1);

/** Log in with a mobile number or an e-mail address (exactly one) and the password. */
export const loginBody = z
  .object({
    mobile: mobileNumber.optional(),
    email: emailAddress.optional(),
    password: loginPassword,
    /** Proof of a passed captcha; required when the server's CAPTCHA_ENABLED is on. */
    captchaVerification: captchaVerification.optional(),
  })
  .superRefine(oneDestination);
export type LoginBody = z.input<typeof loginBody>;

export const loginResult = z.object({
  /** Bearer token for the Authorization header. Opaque: its expiry slides while it is used. */
  token: z.string(),
  /** Epoch ms the session expires at if it is not used before then. */
  expiresAt: z.number().int(),
});
export type LoginResult = z.output<typeof loginResult>;

/** The answer of a password sign-in: a session, or (two factors on) a challenge to answer with a code. */
export const secondFactorChallenge = z.object({
  /** Opaque; send it back with the code to `auth/login/second-factor`. */
  challenge: z.string(),
  /** Epoch ms the challenge ends. */
  challengeExpiresAt: z.number().int(),
  /** What the member can answer with: a code (the authenticator app is on), a passkey (one is registered). */
  methods: z.object({ code: z.boolean(), passkey: z.boolean() }),
});
export type SecondFactorChallenge = z.output<typeof secondFactorChallenge>;
export const loginOutcome = z.union([loginResult, secondFactorChallenge]);
export type LoginOutcome = z.output<typeof loginOutcome>;
export const isChallenge = (outcome: LoginOutcome): outcome is SecondFactorChallenge => 'challenge' in outcome;

/** `GET /app-api/ip/member-user/get`: the logged-in user, with contact details masked. */
export const memberUserInfo = z.object({
  id: z.number().int(),
  nickname: z.string(),
  /** Masked: `138****1234`. */
  mobile: z.string().nullable(),
  /** Masked: `a***@example.com`. */
  email: z.string().nullable(),
  /** Remaining dynamic traffic in MB. */
  limitBalance: z.number().int().nonnegative(),
  identificationStatus,
  certificationType: certificationType.nullable(),
  /** Epoch ms. */
  createdAt: z.number().int(),
});
export type MemberUserInfo = z.output<typeof memberUserInfo>;

/** `send-sms-code`: a code by SMS (mobile) or e-mail (email), exactly one of them. */
export const sendSmsCodeBody = z
  .object({
    mobile: mobileNumber.optional(),
    email: emailAddress.optional(),
    scene: verificationScene,
    captchaVerification: captchaVerification.optional(),
  })
  .superRefine(oneDestination);
export type SendSmsCodeBody = z.input<typeof sendSmsCodeBody>;

/** The agreement checkbox of the register form: must be ticked. */
export const agreementAccepted = z.boolean().refine((v) => v, 'validation.agreement');

export const registerBody = z
  .object({
    mobile: mobileNumber.optional(),
    email: emailAddress.optional(),
    password: newPassword,
    code: verificationCode,
    agreement: agreementAccepted,
    captchaVerification: captchaVerification.optional(),
  })
  .superRefine(oneDestination);
export type RegisterBody = z.input<typeof registerBody>;

export const resetPasswordBody = z
  .object({
    mobile: mobileNumber.optional(),
    email: emailAddress.optional(),
    code: verificationCode,
    password: newPassword,
  })
  .superRefine(oneDestination);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** A display name: 1-30 characters after trimming, no control characters. */
export const nickname = z
  .string()
  .trim()
  .refine((v) => {
    const length = [...v].length;
    return length >= 1 && length <= 30 && !/\p{Cc}/u.test(v);
  }, 'validation.nickname');

export const memberUserUpdateBody = z.object({ nickname });
export type MemberUserUpdateBody = z.input<typeof memberUserUpdateBody>;

export const memberUserUpdatePasswordBody = z.object({
  oldPassword: loginPassword,
  password: newPassword,
  /**
   * Also revoke every personal API token ("Also revoke my API tokens", ticked by default): a
   * password changed because it may have leaked should take the scripts' keys with it.
   */
  revokeApiTokens: z.boolean().default(true),
});
export type MemberUserUpdatePasswordBody = z.input<typeof memberUserUpdatePasswordBody>;

/** What a password change ended: the user's other sessions, and their API tokens unless kept. */
export const passwordChangeResult = z.object({
  /** Other sessions (devices) signed out; the one making the change stays. */
  sessionsRevoked: z.number().int().nonnegative(),
  /** Live API tokens revoked; 0 when the user chose to keep them. */
  apiTokensRevoked: z.number().int().nonnegative(),
});
export type PasswordChangeResult = z.output<typeof passwordChangeResult>;

export const authApi = {
  authLogin: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/login',
    summary:
      'Log in with mobile or e-mail and password (plus captchaVerification); returns a bearer token, or with two factors on a challenge for auth/login/second-factor',
    tags: ['auth'],
    auth: false,
    body: loginBody,
    data: loginOutcome,
  }),
  authLogout: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/logout',
    summary: "Log out: revokes the caller's session token",
    tags: ['auth'],
    auth: true,
    data: z.boolean(),
  }),
  memberUserGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-user/get',
    summary: 'The logged-in user: nickname, masked contacts, remaining traffic, certification',
    tags: ['auth'],
    auth: true,
    data: memberUserInfo,
  }),
  authSendSmsCode: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/send-sms-code',
    summary: 'Send a 6-digit code by SMS (mobile) or e-mail (email) for scene 0 Register or 3 ResetPassword',
    tags: ['auth'],
    auth: false,
    body: sendSmsCodeBody,
    data: z.boolean(),
  }),
  authRegister: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/register',
    summary: 'Create an account with mobile or e-mail, the code sent to it and a password; logs in',
    tags: ['auth'],
    auth: false,
    body: registerBody,
    data: loginResult,
  }),
  authResetPassword: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/reset-password',
    summary:
      'Set a new password with the code sent to the mobile or e-mail; ends every session and revokes every API token of the user, who is told on each channel they have',
    tags: ['auth'],
    auth: false,
    body: resetPasswordBody,
    data: z.boolean(),
  }),
  memberUserUpdate: defineApi({
    method: 'PUT',
    path: '/app-api/ip/member-user/update',
    summary: "Change the logged-in user's nickname",
    tags: ['auth'],
    auth: true,
    body: memberUserUpdateBody,
    data: z.boolean(),
  }),
  memberUserUpdatePassword: defineApi({
    method: 'PUT',
    path: '/app-api/ip/member-user/update-password',
    summary:
      'Change the password (the current one is required); ends the other sessions and, unless revokeApiTokens is false, revokes every API token; answers how many of each',
    tags: ['auth'],
    auth: true,
    body: memberUserUpdatePasswordBody,
    data: passwordChangeResult,
  }),
};
