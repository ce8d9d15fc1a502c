import { isPhoneRegion } from '@portal/shared';
import { z } from 'zod';
import { httpsUrl, optional } from './parse.ts';

export type SmsConfig =
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      /** Template with a `${code}` variable, used for every verification code. */
      templateCode: string;
      /** Optional template (no variables) for the "you already have an account" notice; unset: no notice by SMS. */
      noticeTemplateCode: string | null;
      endpoint: string;
    }
  | {
      provider: 'webhook';
      /** Receives `POST {to, text, code, locale}` as JSON. */
      url: string;
      /** Sent as `Authorization: Bearer <token>` when set. */
      token: string | null;
    };

export interface MailConfig {
  /** smtp:// or smtps:// URL with credentials, as nodemailer takes it. */
  url: string;
  /** The From header, e.g. `NovaProxy <no-reply@novaproxy.com>`. */
  from: string;
}

const smtpUrl = z
  .string()
  .trim()
  .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol), 'expected an smtp:// or smtps:// URL');

/** `*` (anywhere) or region codes, `CN,HK,US`: where SMS_PROVIDER can deliver. */
const smsCountries = z
  .string()
  .trim()
  .toUpperCase()
  .transform((v) => (v === '*' ? null : [...new Set(v.split(/[\s,]+/).filter(Boolean))]))
  .refine(
    (list) => list === null || (list.length > 0 && list.every(isPhoneRegion)),
    'expected * or ISO 3166-1 alpha-2 region codes separated by commas (CN,HK,US)',
  );

/** SMS and e-mail providers of verification codes and notices. */
export const messagingEnv = {
  SMS_PROVIDER: optional(z.enum(['aliyun', 'webhook'], { error: 'expected aliyun or webhook' })),
  SMS_ACCESS_KEY_ID: optional(z.string().trim()),
  SMS_ACCESS_KEY_SECRET: optional(z.string().trim()),
  SMS_SIGN_NAME: optional(z.string().trim()),
  SMS_TEMPLATE_CODE: optional(z.string().trim()),
  SMS_TEMPLATE_NOTICE: optional(z.string().trim()),
  SMS_ENDPOINT: optional(httpsUrl).default('https://dysmsapi.aliyuncs.com/'),
  SMS_WEBHOOK_URL: optional(httpsUrl),
  SMS_WEBHOOK_TOKEN: optional(z.string().trim()),
  SMS_COUNTRIES: optional(smsCountries),
  SMTP_URL: optional(smtpUrl),
  MAIL_FROM: optional(z.string().trim().min(3).max(320)),
};

type MessagingEnv = z.output<z.ZodObject<typeof messagingEnv>>;

/** The variables each SMS provider needs. */
export const SMS_REQUIRED = {
  aliyun: ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'],
  webhook: ['SMS_WEBHOOK_URL'],
} as const;

/**
 * Where SMS codes may go (ISO 3166-1 alpha-2 regions; null: anywhere). SMS_COUNTRIES when set;
 * otherwise anywhere in the sandbox (the outbox takes every number), the mainland with a real
 * provider (Aliyun's domestic templates do not reach other countries), nowhere without one.
 */
export function smsCountriesOf(e: MessagingEnv, sandbox: boolean): readonly string[] | null {
  if (e.SMS_COUNTRIES !== undefined) return e.SMS_COUNTRIES;
  if (sandbox) return null;
  return e.SMS_PROVIDER ? ['CN'] : [];
}

export function smsConfig(e: MessagingEnv): SmsConfig | null {
  if (e.SMS_PROVIDER === 'aliyun') {
    return {
      provider: 'aliyun',
      accessKeyId: e.SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.SMS_SIGN_NAME ?? '',
      templateCode: e.SMS_TEMPLATE_CODE ?? '',
      noticeTemplateCode: e.SMS_TEMPLATE_NOTICE ?? null,
      endpoint: e.SMS_ENDPOINT,
    };
  }
  if (e.SMS_PROVIDER === 'webhook')
    return { provider: 'webhook', url: e.SMS_WEBHOOK_URL ?? '', token: e.SMS_WEBHOOK_TOKEN ?? null };
  return null;
}
