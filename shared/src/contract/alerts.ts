import { z } from 'zod';
import { emailAddress, verificationCode } from './auth.ts';
import { defineApi } from './define.ts';

/**
 * Low-balance alerts (issue 19 part 2, docs/decisions/0025): a threshold in whole GB (or off) and
 * the channels alerts go out on. The same channels carry the "balance is zero" and "static IP order
 * expires in 3 days" alerts.
 */

export const ALERT_CHANNELS = ['sms', 'email'] as const;
export const alertChannel = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.output<typeof alertChannel>;

/** Thresholds from 1 GB to this (the largest custom purchase). */
export const ALERT_THRESHOLD_MAX_GB = 10_000;

/** Business codes of alerts (module 012, `1_012_NNN_NNN`). */
export const AlertErrorCode = {
  /** SMS chosen but the account has no mobile number. */
  NoMobile: 1_012_001_000,
  /** E-mail chosen but neither the account nor the request has an address. */
  NoEmail: 1_012_001_001,
  /** SMS chosen but this shop's SMS provider sends only approved templates (no alert text). */
  SmsUnavailable: 1_012_001_002,
  /** A new alert address needs a confirmation code, and this shop cannot send e-mail. */
  EmailUnavailable: 1_012_001_003,
  /** The code does not confirm the alert address (wrong, expired, spent or for another address). */
  CodeInvalid: 1_012_001_004,
  /** No alert address is waiting for confirmation (none set, or already confirmed). */
  NothingToConfirm: 1_012_001_005,
} as const;

export const alertSettings = z.object({
  /** null: no low-balance alert. */
  thresholdGb: z.number().int().nullable(),
  channels: z.array(alertChannel),
  /** The account's mobile number (SMS goes there), masked; null: none, SMS cannot be chosen. */
  mobile: z.string().nullable(),
  /** The account's e-mail (login id), or null. */
  accountEmail: z.string().nullable(),
  /** The address alerts go to when the account has none (entered on the card), or null. */
  alertEmail: z.string().nullable(),
  /**
   * Whether alertEmail was confirmed with the code sent to it. Until then no alert goes there (the
   * card shows it as waiting for confirmation); false without an alertEmail.
   */
  alertEmailConfirmed: z.boolean(),
});
export type AlertSettings = z.output<typeof alertSettings>;

export const alertSettingsBody = z.object({
  thresholdGb: z
    .number('validation.alertThreshold')
    .int('validation.alertThreshold')
    .min(1, 'validation.alertThreshold')
    .max(ALERT_THRESHOLD_MAX_GB, 'validation.alertThreshold')
    .nullable(),
  channels: z
    .array(alertChannel)
    .max(ALERT_CHANNELS.length)
    .transform((c) => [...new Set(c)]),
  /**
   * Only used when the account has no e-mail of its own; empty means none. A new address gets a
   * confirmation code (refused whole when the code cannot be sent: too soon, daily cap, no e-mail).
   */
  alertEmail: z
    .union([z.literal('').transform(() => null), emailAddress])
    .nullable()
    .default(null),
});
export type AlertSettingsBody = z.input<typeof alertSettingsBody>;

export const alertEmailConfirmBody = z.object({ code: verificationCode });
export type AlertEmailConfirmBody = z.input<typeof alertEmailConfirmBody>;

export const alertsApi = {
  alertSettingsGet: defineApi({
    method: 'GET',
    path: '/app-api/member/alert-settings/get',
    summary: "The caller's low-balance alert settings",
    tags: ['alerts'],
    auth: true,
    data: alertSettings,
  }),
  alertSettingsUpdate: defineApi({
    method: 'POST',
    path: '/app-api/member/alert-settings/update',
    summary:
      'Sets the low-balance threshold (whole GB, null: off) and the channels of balance and static IP expiry alerts; answers the new settings',
    tags: ['alerts'],
    auth: true,
    body: alertSettingsBody,
    data: alertSettings,
  }),
  alertEmailSendCode: defineApi({
    method: 'POST',
    path: '/app-api/member/alert-settings/send-code',
    summary:
      'Sends a new confirmation code to the alert e-mail address waiting for confirmation (one per 60 s and 10 a day per address); answers the settings',
    tags: ['alerts'],
    auth: true,
    data: alertSettings,
  }),
  alertEmailConfirm: defineApi({
    method: 'POST',
    path: '/app-api/member/alert-settings/confirm-email',
    summary:
      'Confirms the alert e-mail address with the 6-digit code sent to it (5 checks per code); alerts go there from then on. Answers the settings',
    tags: ['alerts'],
    auth: true,
    body: alertEmailConfirmBody,
    data: alertSettings,
  }),
};
