import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config/index.ts';
import { isApiPath } from './errors.ts';
import { isDocsPath } from './openapi.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's CSP nonce (pages only; null on API answers, which run no script). */
    cspNonce: { script: string; style: string } | null;
  }
}

/**
 * Security headers of every answer (docs/decisions/0013-security-headers-and-csp.md), with helmet
 * (its middleware built once at start, not per request as @fastify/helmet does: decision 0021):
 * - Content-Security-Policy: scripts only from this origin, the configured analytics script's
 *   origin and inline scripts carrying this answer's nonce; connections to this origin, the API
 *   origin (PUBLIC_API_BASE_URL) and analytics; styles from this origin plus inline ones (Chakra's
 *   emotion injects <style> tags without a nonce); images from this origin and data: (captcha PNGs,
 *   payment QR codes); no plugins, no framing by anyone (frame-ancestors 'none'), violations
 *   reported to POST /app-api/csp-report.
 * - X-Content-Type-Options: nosniff, Referrer-Policy: strict-origin-when-cross-origin,
 *   X-Frame-Options: DENY, a Permissions-Policy denying the device APIs the portal never uses, and
 *   Strict-Transport-Security only when PUBLIC_BASE_URL is https.
 * - API answers (JSON, never rendered as a document) get the same headers, computed once, with the
 *   strictest CSP (`default-src 'none'; frame-ancestors 'none'`) and no nonce.
 * - The documentation pages (Swagger UI at /app-api/docs and /api/v1/docs, plugins/openapi.ts) are
 *   documents under those prefixes: their own CSP, computed once, lets their script and style files
 *   from this origin run and nothing else (docsCspDirectives).
 * - API answers to an authenticated request are `Cache-Control: no-store` (personal data).
 * - When PUBLIC_BASE_URL is https, every cookie an answer sets is `Secure` (withSecureCookies), the
 *   same condition as HSTS: a cookie set by any route can never travel over plain http.
 *
 * `reply.cspNonce.script` is this answer's script nonce (base64, fresh per request): whatever
 * renders HTML and needs an inline script (e.g. a dehydrated state) writes `<script nonce="…">`
 * with it. The nonce is in the header only; index.html as shipped has no inline script, so its
 * body (and ETag) stays the same from answer to answer. Routes that send their own
 * Content-Security-Policy (the sandbox cashier and outbox, stricter still) replace this one.
 */

/** Where browsers report violations (report-uri). */
export const CSP_REPORT_PATH = '/app-api/csp-report';

/** Browser features the portal never uses; `()` = allowed to nobody, not even this origin. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Dev servers of the remotes (`npm run dev`, DEV_REMOTES=1): the shell loads their code cross-origin. */
const DEV_REMOTE_ORIGINS = [3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

/** Stands for the nonce in the page CSP computed at start (base64 never has `#`). */
const NONCE_PLACEHOLDER = '#nonce#';

export type CspConfig = Pick<Config, 'analytics' | 'publicBaseUrl' | 'publicApiBaseUrl' | 'devRemotes'>;

/** The origin of an absolute URL; null for a root-relative path (this origin) or nothing. */
const originOf = (url: string | undefined | null) => (url && /^https?:\/\//i.test(url) ? new URL(url).origin : null);

/** The CSP directives (helmet's form) of the configuration; `nonce` is this answer's script nonce. */
export function cspDirectives(config: CspConfig, nonce: (res: ServerResponse) => string) {
  const analytics = originOf(config.analytics?.scriptUrl);
  const api = originOf(config.publicApiBaseUrl);
  const dev = config.devRemotes ? DEV_REMOTE_ORIGINS : [];
  const extra = (...origins: (string | null)[]) => [...new Set(origins.filter((o): o is string => o !== null))];
  const https = config.publicBaseUrl?.startsWith('https:') ?? false;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonce(res)}'`, ...extra(analytics, ...dev)],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", ...extra(...dev)],
    imgSrc: ["'self'", 'data:', ...extra(analytics, api)],
    fontSrc: ["'self'", 'data:', ...extra(...dev)],
    connectSrc: ["'self'", ...extra(api, analytics, ...dev)],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    reportUri: [CSP_REPORT_PATH],
    ...(https && { upgradeInsecureRequests: [] }),
  };
}

/** The helmet options of every answer but the CSP. */
function commonOptions(config: CspConfig) {
  const https = config.publicBaseUrl?.startsWith('https:') ?? false;
  return {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    xFrameOptions: { action: 'deny' as const },
    // Only over https (browsers ignore it on http, and a development origin must not be pinned).
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  };
}

/** The CSP of API answers: a JSON answer opened as a document may load and run nothing, nor be framed. */
const API_CSP_DIRECTIVES = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/**
 * The CSP of the documentation pages. Swagger UI (as @fastify/swagger-ui serves it) is script and
 * style files of this origin, its configuration included, with no inline script or style element;
 * its icons are data: URLs in its CSS, and it fetches the document and "Try it out" calls from this
 * origin. So no 'unsafe-inline', no nonce and no hash are needed (decision 0013).
 */
function docsCspDirectives(config: CspConfig) {
  const https = config.publicBaseUrl?.startsWith('https:') ?? false;
  return {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    reportUri: [CSP_REPORT_PATH],
    ...(https && { upgradeInsecureRequests: [] }),
  };
}

/** The headers a helmet middleware sets, read once from a stand-in response (they do not vary per request). */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * 128-bit nonces, base64, from a pool of random bytes refilled when used up: one getrandom call per
 * 256 pages instead of one per page (randomBytes per request was 4% of the CPU of a busy server).
 */
function nonceSource(): () => string {
  const pool = Buffer.alloc(4096);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString('base64', offset, offset + 16);
    offset += 16;
    return nonce;
  };
}

/** Set-Cookie values with `; Secure` added where missing. */
export function withSecureCookies(values: readonly string[]): string[] {
  return values.map((value) => (/;\s*secure\s*(?:;|$)/i.test(value) ? value : `${value}; Secure`));
}

/** At most this many violation reports are logged per minute and instance; the rest are counted. */
const REPORTS_PER_MINUTE = 60;

/** The fields worth a log line from either report format (report-uri's or the Reporting API's). */
function summarize(body: unknown): Record<string, unknown>[] {
  const one = (r: Record<string, unknown>) => ({
    documentUri: r['document-uri'] ?? r.documentURL,
    blockedUri: r['blocked-uri'] ?? r.blockedURL,
    directive: r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive'],
    sourceFile: r['source-file'] ?? r.sourceFile,
    line: r['line-number'] ?? r.lineNumber,
    sample:
      typeof (r['script-sample'] ?? r.sample) === 'string' ? String(r['script-sample'] ?? r.sample).slice(0, 80) : undefined,
  });
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (Array.isArray(body)) return body.filter(isObject).map((r) => one(isObject(r.body) ? r.body : r));
  if (isObject(body) && isObject(body['csp-report'])) return [one(body['csp-report'])];
  return [];
}

export const securityHeadersPlugin = fp<{ config: CspConfig }>(
  async (app: FastifyInstance, { config }) => {
    // Helmet run once with a placeholder nonce: a page answer then costs the CSP's two halves joined
    // around its nonce and the fixed headers copied, not helmet's directive building per request.
    const pageHeaders = headersOf(
      helmet({
        ...commonOptions(config),
        contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, () => NONCE_PLACEHOLDER) },
      }),
    );
    const [cspBefore = '', cspAfter = ''] = (pageHeaders['content-security-policy'] ?? '').split(NONCE_PLACEHOLDER);
    const pageFixed = Object.entries(pageHeaders).filter(([name]) => name !== 'content-security-policy');
    const apiHeaders = headersOf(
      helmet({ ...commonOptions(config), contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES } }),
    );
    const docsHeaders = headersOf(
      helmet({ ...commonOptions(config), contentSecurityPolicy: { useDefaults: false, directives: docsCspDirectives(config) } }),
    );
    const nextNonce = nonceSource();

    app.decorateReply('cspNonce', null);
    app.addHook('onRequest', (request, reply, done) => {
      // Before the API test: the documentation pages live under the API prefixes.
      if (isDocsPath(request.url)) {
        reply.headers(docsHeaders);
        return done();
      }
      // The public API /api/v1/ (decision 0022) answers JSON too.
      if (isApiPath(request.url) || request.url.startsWith('/api/v1/')) {
        reply.headers(apiHeaders);
        return done();
      }
      const script = nextNonce();
      // Inline styles need no nonce ('unsafe-inline'); a <style nonce> with it is allowed all the same.
      reply.cspNonce = { script, style: script };
      const raw = reply.raw;
      raw.setHeader('content-security-policy', cspBefore + script + cspAfter);
      for (const [name, value] of pageFixed) raw.setHeader(name, value);
      done();
    });

    const secureCookies = config.publicBaseUrl?.startsWith('https:') ?? false;
    // A callback hook: it runs on every answer and needs no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      const cookies = reply.getHeader('set-cookie');
      if (secureCookies && cookies !== undefined) {
        const values = (Array.isArray(cookies) ? cookies : [cookies]).map(String);
        // Fastify appends to set-cookie: the old values go first, or they would be sent twice.
        reply.removeHeader('set-cookie');
        reply.header('set-cookie', withSecureCookies(values));
      }
      // Personal data is never stored by a browser or a proxy.
      if (request.url.startsWith('/app-api/') && (request.user || request.headers.authorization)) {
        // A route that already forbids storing (e.g. `private, no-store`) keeps its own words.
        const current = String(reply.getHeader('cache-control') ?? '');
        if (!/\bno-store\b/.test(current)) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });

    let window = { start: 0, logged: 0, dropped: 0 };
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      // application/csp-report (report-uri), application/reports+json (Reporting API), or JSON.
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, null);
        }
      });
      scope.post(CSP_REPORT_PATH, { schema: { hide: true } }, async (request, reply) => {
        const now = Date.now();
        if (now - window.start >= 60_000) {
          if (window.dropped > 0)
            request.log.warn({ dropped: window.dropped }, 'CSP violation reports not logged (over the limit)');
          window = { start: now, logged: 0, dropped: 0 };
        }
        for (const report of summarize(request.body)) {
          if (window.logged >= REPORTS_PER_MINUTE) window.dropped++;
          else {
            window.logged++;
            request.log.warn({ csp: report, userAgent: request.headers['user-agent'] }, 'CSP violation');
          }
        }
        return reply.code(204).send();
      });
    });
  },
  { name: 'security-headers', dependencies: ['auth'] },
);
