import type { MailConfig, SmsConfig } from './messaging.ts';
import type { PaymentsConfig } from './payments.ts';
import type { ProxyConfig } from './proxy.ts';
import type { LogLevel, TrustProxy } from './server.ts';

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
  /** ALERT_JOB_INTERVAL_MS: how often each instance queues due alerts and sends queued ones. */
  alertJobIntervalMs: number;
  /**
   * SSR_CACHE_MB in bytes: what the rendered pages kept in memory (markup, data and answer bytes,
   * compressed forms included) may weigh together; the least recently used go first.
   */
  ssrCacheBytes: number;
  /**
   * SSR_CONCURRENCY: renders running at once. A page that misses the cache while that many run is
   * sent without markup (the browser renders it) instead of waiting for a turn.
   */
  ssrConcurrency: number;
  /** The third-party page-analytics script the browser loads (client-config), or null for none. */
  analytics: { scriptUrl: string; siteId: string | null } | null;
  /** login, register and send-sms-code require a passed captcha (captchaVerification). */
  captchaEnabled: boolean;
  /** Real SMS provider; null: none (the sandbox outbox when `sandbox`, otherwise SMS codes are unavailable). */
  sms: SmsConfig | null;
  /**
   * SMS_COUNTRIES: the regions (ISO 3166-1 alpha-2) SMS codes may be sent to; null: anywhere (the
   * sandbox default). Numbers elsewhere get a localized refusal at send-sms-code.
   */
  smsCountries: readonly string[] | null;
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
  /** Self-serve refunds of traffic packages (REFUND_SELF_SERVE_*; default 3 days, 20 % and 1024 MB used). */
  refundPolicy: { days: number; maxUsedPercent: number; maxUsedMb: number };
  /**
   * The proxy network's bearer token for usage ingestion (POST /open-api/proxy/usage), at least 24
   * characters; null when unset: the ingestion endpoint is off.
   */
  proxyNetworkApiKey: string | null;
  /** The proxy gateway: its entry points (the global one first) and the certification policy. */
  proxy: ProxyConfig;
  /** Requests per minute each personal API token may make to /api/v1/ (API_RATE_LIMIT_PER_MINUTE, default 120). */
  apiRateLimitPerMinute: number;
}
