import { isIP } from 'node:net';
import { z } from 'zod';
import { flag, optional, port } from './parse.ts';

/** Fastify's trustProxy: off, on, a hop count, or the addresses/CIDRs of the proxies we trust. */
export type TrustProxy = boolean | number | string[];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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

function isIpOrCidr(value: string): boolean {
  const [addr = '', prefix, ...rest] = value.split('/');
  const family = isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

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

/** The process, its database and pages: listening, data, proxies in front, sandbox, shell, SSR, analytics, captcha. */
export const serverEnv = {
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
  // The rendered-page cache is bounded by memory, not by entries: pages weigh 50 kB to 500 kB each.
  SSR_CACHE_MB: optional(z.coerce.number({ error: 'expected a number of megabytes' }).int().min(1).max(16_384)).default(64),
  // Renders share the event loop with every request: a few at a time keep it answering.
  SSR_CONCURRENCY: optional(z.coerce.number({ error: 'expected a number of renders' }).int().min(1).max(64)).default(2),
  ANALYTICS_SCRIPT_URL: optional(scriptUrl),
  ANALYTICS_SITE_ID: optional(analyticsSiteId),
  CAPTCHA_ENABLED: optional(flag).default(true),
  // How often each instance queues due alerts and sends queued ones (docs/decisions/0025).
  ALERT_JOB_INTERVAL_MS: optional(
    z.coerce.number({ error: 'expected a number of milliseconds' }).int().min(500).max(3_600_000),
  ).default(10_000),
};
