import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { certificationEnv } from './certification.ts';
import { messagingEnv, SMS_REQUIRED, smsConfig, smsCountriesOf } from './messaging.ts';
import { isSet } from './parse.ts';
import { fromRoot, REPO_ROOT } from './paths.ts';
import { PAYMENT_REQUIRED, paymentsConfig, paymentsEnv } from './payments.ts';
import { proxyEnv } from './proxy.ts';
import { serverEnv } from './server.ts';
import type { Config } from './types.ts';

/** Signals that a real provider is configured; any of them turns the sandbox off by default. */
const REAL_PROVIDER_KEYS = ['ALIPAY_APP_ID', 'WECHATPAY_MCHID', 'SMS_PROVIDER', 'SMTP_URL'] as const;

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Secrets are never echoed in configuration errors. */
const SECRET_VARIABLES = new Set(['ALIPAY_PRIVATE_KEY', 'WECHATPAY_PRIVATE_KEY', 'WECHATPAY_APIV3_KEY', 'PROXY_NETWORK_API_KEY']);

// One object in the order of the concerns: the order in which a ConfigError lists bad variables.
const envSchema = z.object({ ...serverEnv, ...messagingEnv, ...certificationEnv, ...paymentsEnv, ...proxyEnv });

const hasRealProvider = (env: NodeJS.ProcessEnv) => REAL_PROVIDER_KEYS.some((key) => (env[key] ?? '').trim() !== '');

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
      // Several instances share one database: a key made up by one of them in its data folder
      // would leave the others unable to read what it encrypted, or to verify what it signed.
      else if (!e.DATA_ENCRYPTION_KEY && e.DATABASE_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['DATA_ENCRYPTION_KEY'],
          message: 'required with DATABASE_URL, the same on every instance (32 bytes in base64: openssl rand -base64 32)',
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
  const sandbox = e.SANDBOX ?? !hasRealProvider(env);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: fromRoot(e.DATA_DIR),
    trustProxy: e.TRUSTED_PROXY,
    sandbox,
    sandboxUnsafePublic: e.SANDBOX_UNSAFE_PUBLIC,
    shellDist: fromRoot(e.SHELL_DIST ?? 'shell/dist'),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    publicApiBaseUrl: e.PUBLIC_API_BASE_URL,
    logLevel: e.LOG_LEVEL,
    devRemotes: e.DEV_REMOTES,
    ssrBudgetMs: e.SSR_BUDGET_MS,
    alertJobIntervalMs: e.ALERT_JOB_INTERVAL_MS,
    ssrCacheBytes: e.SSR_CACHE_MB * 1024 * 1024,
    ssrConcurrency: e.SSR_CONCURRENCY,
    analytics: e.ANALYTICS_SCRIPT_URL ? { scriptUrl: e.ANALYTICS_SCRIPT_URL, siteId: e.ANALYTICS_SITE_ID ?? null } : null,
    captchaEnabled: e.CAPTCHA_ENABLED,
    sms: smsConfig(e),
    smsCountries: smsCountriesOf(e, sandbox),
    mail: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY ?? null,
    identityVerifier: e.IDV_URL ? { url: e.IDV_URL, appCode: e.IDV_APP_CODE ?? null } : null,
    certMaxAccountsPerIdCard: e.CERT_MAX_ACCOUNTS_PER_ID_CARD,
    payments: paymentsConfig(e),
    refundPolicy: {
      days: e.REFUND_SELF_SERVE_DAYS,
      maxUsedPercent: e.REFUND_SELF_SERVE_MAX_USED_PERCENT,
      maxUsedMb: e.REFUND_SELF_SERVE_MAX_USED_MB,
    },
    proxyNetworkApiKey: e.PROXY_NETWORK_API_KEY ?? null,
    proxy: {
      gatewayHost: e.PROXY_GATEWAY_HOST,
      ports: e.PROXY_PORTS,
      areaHosts: e.PROXY_AREA_HOSTS,
      requireCertification: e.PROXY_REQUIRE_CERTIFICATION,
      allowListSpace: { ipv4: e.PROXY_ALLOW_LIST_MAX_IPV4_ADDRESSES, ipv6: e.PROXY_ALLOW_LIST_MAX_IPV6_NETWORKS },
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
  };
}

function gotValue(env: NodeJS.ProcessEnv, variable: string): string {
  const value = env[variable] ?? '';
  if (SECRET_VARIABLES.has(variable) && value.trim() !== '') return `${value.trim().length} characters, not shown`;
  return JSON.stringify(value);
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

/** For main and the CLI scripts: the configuration, or its message on stderr and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
