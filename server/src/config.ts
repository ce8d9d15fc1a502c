import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The monorepo root: relative paths in the config resolve here, whatever the caller's cwd is. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Fastify's trustProxy: off, on, a hop count, or the addresses/CIDRs of the proxies we trust. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  trustProxy: TrustProxy;
  /** Payments, SMS and e-mail go to the built-in sandbox instead of real providers. */
  sandbox: boolean;
  /**
   * SANDBOX_UNSAFE_PUBLIC: the sandbox pages (outbox with every verification code, cashier) answer
   * any client, not only loopback ones (plugins/sandbox-guard.ts). Off by default.
   */
  sandboxUnsafePublic: boolean;
  shellDist: string;
  publicBaseUrl: string | undefined;
  /**
   * PUBLIC_API_BASE_URL: the API origin the shell was built to call when it is not this server's
   * own (the browser's connect-src allows it); undefined: same origin.
   */
  publicApiBaseUrl: string | undefined;
  logLevel: LogLevel;
  /** `/remotes.json` points at each remote's rsbuild dev server instead of the published versions. */
  devRemotes: boolean;
  /**
   * SSR_BUDGET_MS: how long a public page's answer waits for its server-rendered markup before it
   * goes without (the browser renders it then); the render still completes for the page cache.
   */
  ssrBudgetMs: number;
  /** The third-party page-analytics script the browser loads (client-config), or null for none. */
  analytics: { scriptUrl: string; siteId: string | null } | null;
  /** login, register and send-sms-code require a passed captcha (captchaVerification). */
  captchaEnabled: boolean;
  /** Real SMS provider; null: none (the sandbox outbox when `sandbox`, otherwise SMS codes are unavailable). */
  sms: SmsConfig | null;
  /** Real e-mail over SMTP; null: none (the sandbox outbox when `sandbox`, otherwise e-mail codes are unavailable). */
  mail: MailConfig | null;
  /**
   * AES-256-GCM key (32 bytes) of sensitive data at rest: ID card numbers, bank accounts, credit
   * codes, licence files. Required outside the sandbox; null in the sandbox when unset (a random key
   * is then kept in `${dataDir}/private/data.key`, see certification/crypto.ts).
   */
  dataEncryptionKey: Buffer | null;
  /** Identity verification service (name ↔ ID card); null: none (the sandbox accepts any valid ID). */
  identityVerifier: { url: string; appCode: string | null } | null;
  /** How many accounts one ID card number may certify personally (CERT_MAX_ACCOUNTS_PER_ID_CARD, default 3). */
  certMaxAccountsPerIdCard: number;
  /** Real payment providers; a channel of an unconfigured provider goes to the sandbox (SANDBOX) or is not offered. */
  payments: PaymentsConfig;
  /**
   * The proxy network's bearer token for usage ingestion (POST /open-api/proxy/usage), at least 24
   * characters; null when unset: the ingestion endpoint is off.
   */
  proxyNetworkApiKey: string | null;
  /** The proxy gateway: its entry points (the global one first) and the certification policy. */
  proxy: ProxyConfig;
}

/** Ports of the gateway, per protocol. */
export interface ProxyPorts {
  http: number;
  https: number;
  socks5: number;
}

export interface ProxyConfig {
  /** The global entry point (PROXY_GATEWAY_HOST). */
  gatewayHost: string;
  ports: ProxyPorts;
  /** Regional entry points (PROXY_AREA_HOSTS), in the order given; the global one is not among them. */
  areaHosts: { area: string; host: string }[];
  /** SPEC section 5: the proxy service needs real-name certification first. */
  requireCertification: boolean;
}

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

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Signals that a real provider is configured; any of them turns the sandbox off by default. */
const REAL_PROVIDER_KEYS = ['ALIPAY_APP_ID', 'WECHATPAY_MCHID', 'SMS_PROVIDER', 'SMTP_URL'] as const;

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Empty values are common in .env files and mean "not set", never "the empty string".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no'].includes(v), 'expected true/false (or 1/0)')
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((s) => s.trim());
    const bad = list.filter((s) => !isIpOrCidr(s));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected true, false, a hop count, or a comma list of IPs/CIDRs; not an IP or CIDR: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

// A DNS host name (or an IP address): letters, digits, dots and hyphens.
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const hostName = z.string().trim().toLowerCase().regex(HOST_NAME, 'expected a host name (e.g. gate.novaproxy.com)');

/** `http:7777,https:7778,socks5:7779`: every protocol exactly once. */
const proxyPorts = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const ports: Partial<Record<string, number>> = {};
    for (const part of v.split(',')) {
      const m = /^\s*(http|https|socks5)\s*:\s*(\d{1,5})\s*$/i.exec(part);
      const protocol = m?.[1]?.toLowerCase() ?? '';
      const number = Number(m?.[2]);
      if (!m || number < 1 || number > 65535 || ports[protocol] !== undefined) {
        ctx.addIssue({ code: 'custom', message: `expected http:PORT,https:PORT,socks5:PORT; bad entry: ${part.trim()}` });
        return z.NEVER;
      }
      ports[protocol] = number;
    }
    const { http, https, socks5 } = ports;
    if (http === undefined || https === undefined || socks5 === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected a port for each of http, https and socks5' });
      return z.NEVER;
    }
    return { http, https, socks5 } satisfies ProxyPorts;
  });

/** `america=us.gate.novaproxy.com,europe=eu.gate.novaproxy.com`: area keys of lower-case letters, digits, `-`. */
const proxyAreaHosts = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const list: { area: string; host: string }[] = [];
    for (const part of v.split(',')) {
      const [area = '', host = '', ...rest] = part.split('=').map((s) => s.trim());
      const key = area.toLowerCase();
      if (
        rest.length > 0 ||
        !/^[a-z0-9-]{1,32}$/.test(key) ||
        key === 'global' ||
        !HOST_NAME.test(host) ||
        list.some((e) => e.area === key)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `expected area=host pairs separated by commas (not "global", each area once); bad entry: ${part.trim()}`,
        });
        return z.NEVER;
      }
      list.push({ area: key, host: host.toLowerCase() });
    }
    return list;
  });

function isIpOrCidr(value: string): boolean {
  const [addr = '', prefix, ...rest] = value.split('/');
  const family = isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'expected a port number (0-65535)')
  .transform(Number)
  .refine((n) => n <= 65535, 'expected a port number (0-65535)');

const postgresUrl = z
  .string()
  .trim()
  .refine((v) => URL.canParse(v) && /^postgres(ql)?:$/.test(new URL(v).protocol), 'expected a postgres:// or postgresql:// URL');

// Loaded by the browser from every page: https only (never mixed content), or a root-relative path
// on this origin (a self-hosted script). `//host/...` is a third party in disguise: refused.
const scriptUrl = z
  .string()
  .trim()
  .refine(
    (v) => (v.startsWith('/') && !/^\/[/\\]/.test(v)) || (URL.canParse(v) && new URL(v).protocol === 'https:'),
    'expected an https:// URL or a root-relative path (/...)',
  );

// Ends up in a script attribute or query: a conservative alphabet covers the ids of the common
// providers (UUIDs, numbers, domain names) and keeps markup injection out.
const analyticsSiteId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'expected up to 128 letters, digits, ".", "_", ":" or "-"');

/**
 * Fastify 5.12 treats a bare hop count as "trust nothing" (it cannot check the immediate peer), so
 * a count becomes an explicit "trust the n nearest hops" function: only safe when the server can
 * be reached solely through those proxies. An IP/CIDR list is the safer choice.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

// Provider endpoints: https, or http on this machine (a local relay or test double).
const httpsUrl = z
  .string()
  .trim()
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const url = new URL(v);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  }, 'expected an https:// URL (http:// only for localhost)');

const smtpUrl = z
  .string()
  .trim()
  .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol), 'expected an smtp:// or smtps:// URL');

// 32 random bytes in base64 (`openssl rand -base64 32`).
const dataKey = z
  .string()
  .trim()
  .refine(
    (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
    'expected 32 bytes in base64 (openssl rand -base64 32)',
  )
  .transform((v) => Buffer.from(v, 'base64'));

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

/** Secrets are never echoed in configuration errors. */
const SECRET_VARIABLES = new Set(['ALIPAY_PRIVATE_KEY', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_APIV3_KEY', 'PROXY_NETWORK_API_KEY']);

const envSchema = z.object({
  PORT: optional(port).default(8080),
  HOST: optional(z.string().trim()).default('0.0.0.0'),
  DATABASE_URL: optional(postgresUrl),
  DATA_DIR: optional(z.string().trim()).default('./data'),
  TRUSTED_PROXY: optional(trustProxy).default(false),
  SANDBOX: optional(flag),
  SANDBOX_UNSAFE_PUBLIC: optional(flag).default(false),
  SHELL_DIST: optional(z.string().trim()),
  PUBLIC_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' })),
  PUBLIC_API_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'expected an http(s) URL (or unset: same origin)' })),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `expected one of ${LOG_LEVELS.join(', ')}` })).default('info'),
  DEV_REMOTES: optional(flag).default(false),
  SSR_BUDGET_MS: optional(z.coerce.number({ error: 'expected a number of milliseconds' }).int().min(0).max(60_000)).default(200),
  ANALYTICS_SCRIPT_URL: optional(scriptUrl),
  ANALYTICS_SITE_ID: optional(analyticsSiteId),
  CAPTCHA_ENABLED: optional(flag).default(true),
  SMS_PROVIDER: optional(z.enum(['aliyun', 'webhook'], { error: 'expected aliyun or webhook' })),
  SMS_ACCESS_KEY_ID: optional(z.string().trim()),
  SMS_ACCESS_KEY_SECRET: optional(z.string().trim()),
  SMS_SIGN_NAME: optional(z.string().trim()),
  SMS_TEMPLATE_CODE: optional(z.string().trim()),
  SMS_TEMPLATE_NOTICE: optional(z.string().trim()),
  SMS_ENDPOINT: optional(httpsUrl).default('https://dysmsapi.aliyuncs.com/'),
  SMS_WEBHOOK_URL: optional(httpsUrl),
  SMS_WEBHOOK_TOKEN: optional(z.string().trim()),
  SMTP_URL: optional(smtpUrl),
  MAIL_FROM: optional(z.string().trim().min(3).max(320)),
  DATA_ENCRYPTION_KEY: optional(dataKey),
  IDV_URL: optional(httpsUrl),
  IDV_APP_CODE: optional(z.string().trim()),
  CERT_MAX_ACCOUNTS_PER_ID_CARD: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, 'expected a whole number from 1 to 1000')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 1000, 'expected a whole number from 1 to 1000'),
  ).default(3),
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
  PROXY_NETWORK_API_KEY: optional(
    z
      .string()
      .trim()
      .refine((v) => v.length >= 24 && /^[\x21-\x7e]+$/.test(v), 'expected at least 24 printable characters without spaces'),
  ),
  PROXY_GATEWAY_HOST: optional(hostName).default('gate.novaproxy.com'),
  PROXY_PORTS: optional(proxyPorts).default({ http: 7777, https: 7778, socks5: 7779 }),
  PROXY_AREA_HOSTS: optional(proxyAreaHosts).default([]),
  PROXY_REQUIRE_CERTIFICATION: optional(flag).default(true),
});

/** Every variable of a provider: setting any of them requires the rest (URLs have defaults). */
const PAYMENT_REQUIRED = {
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

const isSet = (env: NodeJS.ProcessEnv, key: string) => (env[key] ?? '').trim() !== '';

/** The variables each SMS provider needs. */
const SMS_REQUIRED = {
  aliyun: ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE'],
  webhook: ['SMS_WEBHOOK_URL'],
} as const;

const hasRealProvider = (env: NodeJS.ProcessEnv) => REAL_PROVIDER_KEYS.some((key) => (env[key] ?? '').trim() !== '');

const fromRoot = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

/**
 * Reads and validates the environment once. Throws ConfigError naming every bad variable, so the
 * entry points can print it and exit, and tests can assert on it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .refine((e) => !e.ANALYTICS_SITE_ID || e.ANALYTICS_SCRIPT_URL, {
      path: ['ANALYTICS_SITE_ID'],
      message: 'needs ANALYTICS_SCRIPT_URL (a site id without a script does nothing)',
    })
    .superRefine((e, ctx) => {
      if (e.SMS_PROVIDER) {
        for (const variable of SMS_REQUIRED[e.SMS_PROVIDER]) {
          if (!e[variable])
            ctx.addIssue({ code: 'custom', path: [variable], message: `required with SMS_PROVIDER=${e.SMS_PROVIDER}` });
        }
      }
      // Turning the sandbox off with nothing real to take its place leaves a portal that can neither
      // take payments nor send codes: a mistake, not a configuration.
      if (e.SANDBOX === false && !hasRealProvider(env))
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX'],
          message:
            'false needs a real provider, and none is configured: set ALIPAY_APP_ID (with ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY) or WECHATPAY_MCHID (with the other WECHATPAY_* keys) for payments, and SMS_PROVIDER or SMTP_URL (with MAIL_FROM) for verification codes; or leave SANDBOX unset for the sandbox',
        });
      if (e.SMTP_URL && !e.MAIL_FROM) ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'required with SMTP_URL' });
      if (!e.DATA_ENCRYPTION_KEY && !(e.SANDBOX ?? !hasRealProvider(env)))
        ctx.addIssue({
          code: 'custom',
          path: ['DATA_ENCRYPTION_KEY'],
          message: 'required outside the sandbox (32 bytes in base64: openssl rand -base64 32)',
        });
      if (e.IDV_APP_CODE && !e.IDV_URL) ctx.addIssue({ code: 'custom', path: ['IDV_APP_CODE'], message: 'needs IDV_URL' });
      // A half-configured provider is a mistake, never a silent fallback to the sandbox.
      for (const { required, optional: extra } of Object.values(PAYMENT_REQUIRED)) {
        const given = [...required, ...extra].filter((key) => isSet(env, key));
        if (given.length === 0) continue;
        for (const variable of required) {
          if (!isSet(env, variable))
            ctx.addIssue({ code: 'custom', path: [variable], message: `required with ${given.join(', ')}` });
        }
      }
    })
    .safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '?'),
        message: `${issue.message} (got ${gotValue(env, String(issue.path[0]))})`,
      })),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: fromRoot(e.DATA_DIR),
    trustProxy: e.TRUSTED_PROXY,
    sandbox: e.SANDBOX ?? !hasRealProvider(env),
    sandboxUnsafePublic: e.SANDBOX_UNSAFE_PUBLIC,
    shellDist: fromRoot(e.SHELL_DIST ?? 'shell/dist'),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    publicApiBaseUrl: e.PUBLIC_API_BASE_URL,
    logLevel: e.LOG_LEVEL,
    devRemotes: e.DEV_REMOTES,
    ssrBudgetMs: e.SSR_BUDGET_MS,
    analytics: e.ANALYTICS_SCRIPT_URL ? { scriptUrl: e.ANALYTICS_SCRIPT_URL, siteId: e.ANALYTICS_SITE_ID ?? null } : null,
    captchaEnabled: e.CAPTCHA_ENABLED,
    sms: smsConfig(e),
    mail: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ?? null,
    identityVerifier: e.IDV_URL ? { url: e.IDV_URL, appCode: e.IDV_APP_CODE ?? null } : null,
    certMaxAccountsPerIdCard: e.CERT_MAX_ACCOUNTS_PER_ID_CARD,
    payments: paymentsConfig(e),
    proxyNetworkApiKey: e.PROXY_NETWORK_API_KEY ?? null,
    proxy: {
      gatewayHost: e.PROXY_GATEWAY_HOST,
      ports: e.PROXY_PORTS,
      areaHosts: e.PROXY_AREA_HOSTS,
      requireCertification: e.PROXY_REQUIRE_CERTIFICATION,
    },
  };
}

function gotValue(env: NodeJS.ProcessEnv, variable: string): string {
  const value = env[variable] ?? '';
  if (SECRET_VARIABLES.has(variable) && value.trim() !== '') return `${value.trim().length} characters, not shown`;
  return JSON.stringify(value);
}

function paymentsConfig(e: z.output<typeof envSchema>): PaymentsConfig {
  // The refinement above guarantees all-or-nothing per provider.
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

function smsConfig(e: z.output<typeof envSchema>): SmsConfig | null {
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

/**
 * Loads `<repo>/.env` into process.env if present (real environment variables win), then validates.
 * Used by main and the CLI so both see the same DATA_DIR.
 */
export function loadConfigFromProcess(): Config {
  const envFile = resolve(REPO_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return loadConfig(process.env);
}
