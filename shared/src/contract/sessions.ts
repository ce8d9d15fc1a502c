import { z } from 'zod';
import { defineApi, page, pageQuery } from './define.ts';
import { id } from './primitives.ts';

/**
 * Signed-in devices and sign-in history (issue 32, ask 4; docs/decisions/0052): the member's live
 * sessions with sign-out of one or all others, 90 days of sign-in attempts, and the setting of the
 * message on a sign-in from a new device.
 */

/** Days of sign-in history kept and shown; also how long a device stays "seen" for the new-device message. */
export const SIGN_IN_HISTORY_DAYS = 90;

/** How an attempt ended: success, or why it failed (wrong password, address stopped, captcha needed, wrong second-factor code, passkey not accepted). */
export const SIGN_IN_RESULTS = ['success', 'password', 'locked', 'captcha', 'code', 'passkey'] as const;
export type SignInResult = (typeof SIGN_IN_RESULTS)[number];

/** A device as parsed from its User-Agent: names and version, null when not recognised. */
export const deviceInfo = z.object({
  /** `Chrome 131`, `Safari 17`, `Firefox 133`… */
  browser: z.string().nullable(),
  /** `Windows 10/11`, `macOS`, `iOS 17`, `Android 14`, `Linux`… */
  system: z.string().nullable(),
  /** A phone or tablet. */
  mobile: z.boolean(),
});
export type DeviceInfo = z.output<typeof deviceInfo>;

export const memberSession = z.object({
  id: z.number().int(),
  device: deviceInfo,
  /** The client address of the sign-in. */
  ip: z.string(),
  /** Epoch ms: signed in (first seen). */
  createdAt: z.number().int(),
  /** Epoch ms: last seen (written at most every few minutes). */
  lastSeenAt: z.number().int(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type MemberSession = z.output<typeof memberSession>;

export const memberSessionList = z.object({
  /** Live sessions, the current one first, then by last seen, newest first. */
  list: z.array(memberSession),
  /** Whether a sign-in from a new device sends a message (on by default). */
  newDeviceNotice: z.boolean(),
});
export type MemberSessionList = z.output<typeof memberSessionList>;

export const memberSignIn = z.object({
  id: z.number().int(),
  result: z.enum(SIGN_IN_RESULTS),
  ip: z.string(),
  device: deviceInfo,
  /** Epoch ms. */
  createdAt: z.number().int(),
});
export type MemberSignIn = z.output<typeof memberSignIn>;

export const sessionRevokeBody = z.object({ id });
export const newDeviceNoticeBody = z.object({ enabled: z.boolean() });

export const sessionApi = {
  memberSessionList: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-session/list',
    summary: "The caller's signed-in devices (live sessions), the current one marked, and the new-device message setting",
    tags: ['auth'],
    auth: true,
    data: memberSessionList,
  }),
  memberSessionRevoke: defineApi({
    method: 'POST',
    path: '/app-api/ip/member-session/revoke',
    summary:
      "Signs out one of the caller's sessions; its token is refused at once. Another member's id is not found. The current session's id is a logout",
    tags: ['auth'],
    auth: true,
    body: sessionRevokeBody,
    data: z.boolean(),
  }),
  memberSessionRevokeOthers: defineApi({
    method: 'POST',
    path: '/app-api/ip/member-session/revoke-others',
    summary: 'Signs out every session of the caller but the current one; answers how many were signed out',
    tags: ['auth'],
    auth: true,
    data: z.number().int().nonnegative(),
  }),
  memberSignInPage: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-session/sign-in-page',
    summary: "The caller's sign-in attempts of the last 90 days, newest first",
    tags: ['auth'],
    auth: true,
    query: pageQuery,
    data: page(memberSignIn),
  }),
  memberNewDeviceNoticeUpdate: defineApi({
    method: 'PUT',
    path: '/app-api/ip/member-session/new-device-notice',
    summary: 'Turns the message on a sign-in from a new device on or off',
    tags: ['auth'],
    auth: true,
    body: newDeviceNoticeBody,
    data: z.boolean(),
  }),
};
