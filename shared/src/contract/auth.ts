import { z } from 'zod';
import { defineApi } from './define.ts';

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
  /** Unknown mobile or wrong password: deliberately one code and one message, so accounts cannot be enumerated. */
  LoginFailed: 1_004_003_000,
} as const;

/** A mainland-China mobile number (11 digits, 13x-19x); the service has no other login id yet. */
export const mobileNumber = z
  .string()
  .trim()
  .regex(/^1[3-9]\d{9}$/, 'validation.mobile');

/**
 * A password as typed at login: any non-empty text. Strength rules belong to setting a password, so
 * a stricter rule later never locks out existing users. The cap keeps hashing cost bounded.
 */
export const loginPassword = z.string().min(1).max(128);

export const loginBody = z.object({
  mobile: mobileNumber,
  password: loginPassword,
  /** Single-use token of a passed captcha; accepted and not yet enforced (captcha comes later). */
  captchaVerification: z.string().max(512).optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginResult = z.object({
  /** Bearer token for the Authorization header. Opaque: its expiry slides while it is used. */
  token: z.string(),
  /** Epoch ms the session expires at if it is not used before then. */
  expiresAt: z.number().int(),
});
export type LoginResult = z.output<typeof loginResult>;

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

export const authApi = {
  authLogin: defineApi({
    method: 'POST',
    path: '/app-api/member/auth/login',
    summary: 'Log in with mobile and password; returns a bearer token',
    tags: ['auth'],
    auth: false,
    body: loginBody,
    data: loginResult,
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
};
