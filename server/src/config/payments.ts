import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { httpsUrl, optional } from './parse.ts';

export interface PaymentsConfig {
  alipay: AlipayConfig | null;
  wechat: WechatPayConfig | null;
}

/** Alipay OpenAPI in public-key mode, RSA2. Keys are normalized PEM (PKCS#8 private, SPKI public). */
export interface AlipayConfig {
  appId: string;
  /** The application's private key (PEM, PKCS#8). */
  privateKey: string;
  /** Alipay's public key (PEM, SPKI), from the open platform console; not the application's own. */
  alipayPublicKey: string;
  /** OpenAPI gateway, e.g. https://openapi.alipay.com/gateway.do (or the sandbox's). */
  gateway: string;
}

/** WeChat Pay API v3, direct merchant, platform public-key mode. Keys are normalized PEM. */
export interface WechatPayConfig {
  mchId: string;
  /** The appid bound to the merchant (official account, mini program or app). */
  appId: string;
  /** Serial number of the merchant API certificate (apiclient_cert.pem). */
  certSerialNo: string;
  /** The merchant API private key (apiclient_key.pem; PEM, PKCS#8). */
  privateKey: string;
  /** The WeChat Pay public key (pub_key.pem; PEM, SPKI). */
  publicKey: string;
  /** Its id, `PUB_KEY_ID_…`: the Wechatpay-Serial of everything signed with it. */
  publicKeyId: string;
  /** The APIv3 key (32 characters): decrypts notification resources. */
  apiV3Key: string;
  /** API origin without a trailing slash, https://api.mch.weixin.qq.com by default. */
  baseUrl: string;
}

// PEM values may come on one line with literal `\n` (common in .env files and secret stores). Alipay's
// key tool gives the bare base64 body without the BEGIN/END lines: accepted too.
const unescapePem = (v: string) => v.replace(/\\r\\n|\\n/g, '\n').trim();
const BARE_BASE64 = /^[A-Za-z0-9+/=\s]+$/;

function readKey(value: string, kind: 'private' | 'public'): KeyObject | null {
  const text = unescapePem(value);
  const attempts: (() => KeyObject)[] = [];
  // createPublicKey would derive a public key from a private one: a pasted private key is a mix-up.
  if (kind === 'public' && text.includes('PRIVATE KEY')) return null;
  if (text.includes('-----BEGIN')) {
    attempts.push(() => (kind === 'private' ? createPrivateKey(text) : createPublicKey(text)));
  } else if (BARE_BASE64.test(text)) {
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    if (kind === 'private') {
      attempts.push(() => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
      attempts.push(() => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }));
    } else {
      attempts.push(() => createPublicKey({ key: der, format: 'der', type: 'spki' }));
      attempts.push(() => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }));
    }
  }
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // try the next encoding
    }
  }
  return null;
}

/** An RSA key (≥ 2048 bits) as PEM or bare base64, normalized to PEM (PKCS#8 private, SPKI public). */
const rsaKey = (kind: 'private' | 'public') =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      const key = readKey(v, kind);
      const bits = key?.asymmetricKeyType === 'rsa' ? (key.asymmetricKeyDetails?.modulusLength ?? 0) : 0;
      if (!key || bits < 2048) {
        ctx.addIssue({
          code: 'custom',
          message: `expected an RSA ${kind} key of at least 2048 bits (PEM, "\\n" allowed for line breaks, or the bare base64 body)`,
        });
        return z.NEVER;
      }
      return kind === 'private'
        ? (key.export({ format: 'pem', type: 'pkcs8' }) as string)
        : (key.export({ format: 'pem', type: 'spki' }) as string);
    });

/** The real payment providers; a provider left unset is replaced by the sandbox (SANDBOX) or not offered. */
const wholeNumber = (max: number, example: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, `expected a whole number (e.g. ${example})`)
    .transform(Number)
    .refine((n) => n <= max, `expected at most ${max}`);

export const paymentsEnv = {
  /** Self-serve refunds of traffic packages (decision 0058): within this many days of payment (0: never). */
  REFUND_SELF_SERVE_DAYS: optional(wholeNumber(365, '3')).default(3),
  /** … while at most this share of the package's traffic is used (percent) … */
  REFUND_SELF_SERVE_MAX_USED_PERCENT: optional(wholeNumber(100, '20')).default(20),
  /** … and at most this much (MB). */
  REFUND_SELF_SERVE_MAX_USED_MB: optional(wholeNumber(10_000_000, '1024')).default(1024),
  ALIPAY_APP_ID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{8,32}$/, 'expected the Alipay app id (digits, e.g. 2021000000000000)'),
  ),
  ALIPAY_PRIVATE_KEY: optional(rsaKey('private')),
  ALIPAY_PUBLIC_KEY: optional(rsaKey('public')),
  ALIPAY_GATEWAY: optional(httpsUrl).default('https://openapi.alipay.com/gateway.do'),
  WECHATPAY_MCHID: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6,32}$/, 'expected the WeChat Pay merchant id (digits)'),
  ),
  WECHATPAY_APPID: optional(
    z
      .string()
      .trim()
      .regex(/^wx[0-9A-Za-z]{16}$/, 'expected a WeChat appid ("wx" and 16 letters or digits)'),
  ),
  WECHATPAY_CERT_SERIAL_NO: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{8,64}$/, 'expected the merchant certificate serial number (hexadecimal)'),
  ),
  WECHATPAY_PRIVATE_KEY: optional(rsaKey('private')),
  WECHATPAY_PUBLIC_KEY: optional(rsaKey('public')),
  WECHATPAY_PUBLIC_KEY_ID: optional(
    z
      .string()
      .trim()
      .regex(/^PUB_KEY_ID_[0-9A-Za-z_]+$/, 'expected the WeChat Pay public key id (PUB_KEY_ID_...)'),
  ),
  WECHATPAY_APIV3_KEY: optional(
    z
      .string()
      .trim()
      .refine((v) => /^[\x21-\x7e]{32}$/.test(v), 'expected the 32-character APIv3 key'),
  ),
  WECHATPAY_BASE_URL: optional(httpsUrl.transform((v) => v.replace(/\/+$/, ''))).default('https://api.mch.weixin.qq.com'),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

/** Every variable of a provider: setting any of them requires the rest (URLs have defaults). */
export const PAYMENT_REQUIRED = {
  alipay: { required: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'], optional: ['ALIPAY_GATEWAY'] },
  wechat: {
    required: [
      'WECHATPAY_MCHID',
      'WECHATPAY_APPID',
      'WECHATPAY_CERT_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PUBLIC_KEY',
      'WECHATPAY_PUBLIC_KEY_ID',
      'WECHATPAY_APIV3_KEY',
    ],
    optional: ['WECHATPAY_BASE_URL'],
  },
} as const;

export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  // loadConfig's refinement (PAYMENT_REQUIRED) guarantees all-or-nothing per provider.
  const alipay: AlipayConfig | null =
    e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY
      ? {
          appId: e.ALIPAY_APP_ID,
          privateKey: e.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: e.ALIPAY_PUBLIC_KEY,
          gateway: e.ALIPAY_GATEWAY,
        }
      : null;
  const wechat: WechatPayConfig | null =
    e.WECHATPAY_MCHID &&
    e.WECHATPAY_APPID &&
    e.WECHATPAY_CERT_SERIAL_NO &&
    e.WECHATPAY_PRIVATE_KEY &&
    e.WECHATPAY_PUBLIC_KEY &&
    e.WECHATPAY_PUBLIC_KEY_ID &&
    e.WECHATPAY_APIV3_KEY
      ? {
          mchId: e.WECHATPAY_MCHID,
          appId: e.WECHATPAY_APPID,
          certSerialNo: e.WECHATPAY_CERT_SERIAL_NO,
          privateKey: e.WECHATPAY_PRIVATE_KEY,
          publicKey: e.WECHATPAY_PUBLIC_KEY,
          publicKeyId: e.WECHATPAY_PUBLIC_KEY_ID,
          apiV3Key: e.WECHATPAY_APIV3_KEY,
          baseUrl: e.WECHATPAY_BASE_URL,
        }
      : null;
  return { alipay, wechat };
}
