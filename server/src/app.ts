import pino from 'pino';
import { randomUUID } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { batchedLines } from './lib/batched-lines.ts';
import { serializerCompiler } from './plugins/serialization.ts';
import { type Clock, systemClock } from './clock.ts';
import { type Config, fastifyTrustProxy } from './config/index.ts';
import type { Database } from './db/client.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { alertsRoutes } from './modules/alerts/routes.ts';
import { auditRecorderPlugin } from './modules/audit/recorder.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { apiTokensRoutes } from './modules/api-tokens/routes.ts';
import { teamsRoutes } from './modules/teams/routes.ts';
import { revokeAllApiTokens } from './modules/api-tokens/service.ts';
import { captchaRoutes } from './modules/captcha/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { certificationRoutes } from './modules/certification/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import type { IdentityVerifier } from './modules/certification/verifier.ts';
import { leadsRoutes } from './modules/leads/routes.ts';
import { messagingPlugin } from './modules/messaging/routes.ts';
import { invoicesRoutes } from './modules/invoices/routes.ts';
import { rechargeOrderKind } from './modules/orders/order-kind.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { createGateways } from './modules/payments/gateways/index.ts';
import { createOrderKinds } from './modules/payments/order-kinds.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { redactListToken } from './modules/proxy/list-links.ts';
import { proxyRoutes } from './modules/proxy/routes.ts';
import type { FetchLike } from './modules/messaging/transports.ts';
import { redirectsRoutes } from './modules/redirects/routes.ts';
import { refundsRoutes } from './modules/refunds/routes.ts';
import { refundUnusablePayment } from './modules/refunds/service.ts';
import { createRemoteRegistry } from './modules/remotes/registry.ts';
import { remotesRoutes } from './modules/remotes/routes.ts';
import { createServedRemotes } from './modules/remotes/served.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { createPageRendering } from './modules/ssr/page-renderer.ts';
import { staticOrderKind } from './modules/static-ip/order-kind.ts';
import { staticIpRoutes } from './modules/static-ip/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { statusRoutes } from './modules/status/routes.ts';
import { usageRoutes } from './modules/usage/routes.ts';
import { secondFactorChallengeFor, twoFactorPlugin } from './modules/two-factor/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { cachePlugin } from './plugins/cache.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { opsSocketPlugin } from './plugins/ops-socket.ts';
import { publicOriginPlugin } from './plugins/public-origin.ts';
import { sandboxGuardPlugin } from './plugins/sandbox-guard.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticPlugin } from './plugins/static.ts';
import { validatorCompiler } from './plugins/validation.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database to use instead of opening one from the config (tests). */
  database?: Database;
  /** Defaults to JSON logs at LOG_LEVEL; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The time of every time rule (code expiry, lockouts, captcha life); tests move it forward. */
  clock?: Clock;
  /** The HTTP client of the SMS providers (tests pass a fake). */
  fetch?: FetchLike;
  /** Replaces the configured identity verifier of personal certification (tests). */
  identityVerifier?: IdentityVerifier;
}

/** The whole server, not listening yet. Migrations and seeding are the caller's (see main.ts). */
/** Log bytes gathered before a write, and how long a line may wait at most. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 250;

export async function buildApp({
  config,
  database,
  logger,
  clock = systemClock,
  fetch,
  identityVerifier,
}: BuildAppOptions): Promise<FastifyInstance> {
  // Logs go out through an asynchronous destination: a busy server never waits on stdout (flushed
  // when the server closes). One access line per request, written in onResponse below, instead of
  // Fastify's two (docs/decisions/0034).
  // Lines are gathered up to LOG_BATCH_BYTES in an array (a write per ~20 answers under load instead
  // of one per answer, decision 0037; gathered outside SonicBoom, which copied its whole buffer at
  // every line, decision 0039) and never wait longer than LOG_FLUSH_MS.
  const destination = logger ? null : pino.destination({ dest: 1, sync: false });
  const lines = destination ? batchedLines(destination, LOG_BATCH_BYTES) : null;
  const flushTimer = lines
    ? setInterval(() => {
        try {
          lines.flush();
        } catch {}
      }, LOG_FLUSH_MS).unref()
    : null;
  // pino flushes its destination when the process exits (a crash included); the lines still gathered
  // here go first.
  const flushAtExit = () => {
    try {
      lines?.flush();
      destination?.flushSync();
    } catch {}
  };
  if (destination) process.once('exit', flushAtExit);
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, stream: lines as pino.DestinationStream },
    // Fastify's own request lines are off: the onResponse hook below writes one line per request
    // (decision 0034), with the list link's token redacted.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Unique across instances, so the id a user reports from a 500 finds the one log line.
    genReqId: () => randomUUID(),
    frameworkErrors,
    // Opening PGlite and running migrations can take longer than Fastify's 10 s default on a busy
    // machine; a slow start is not a broken one.
    pluginTimeout: 60_000,
  });
  app.addHook('onResponse', (request, reply, done) => {
    reply.log.info(
      {
        method: request.method,
        url: redactListToken(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
  if (destination)
    app.addHook('onClose', (_app, done) => {
      if (flushTimer) clearInterval(flushTimer);
      process.removeListener('exit', flushAtExit);
      // A destination still opening (a server closed right after it started) has nothing to flush.
      flushAtExit();
      done();
    });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('now', clock);

  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  // Before every route (it hooks each route as it is declared): brotli/gzip for dynamic answers.
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { config, ...(database && { database }) });
  // app.cache: settings, redirects, catalogue (and pages) in memory, invalidated on every instance
  // by the database's change notifications (docs/decisions/0015).
  await app.register(cachePlugin);
  // The embedded database of DATA_DIR is this process's alone: `npm run ops` reaches it through the
  // ops socket (docs/decisions/0005). PostgreSQL needs none: the CLI connects itself.
  await app.register(opsSocketPlugin, { config, enabled: !database && !config.databaseUrl });
  // app.publicOrigins: the only source of the origin of absolute URLs (never the Host header as such).
  await app.register(publicOriginPlugin, { config });
  await app.register(authPlugin);
  // CSP (with reply.cspNonce), nosniff, referrer and permissions policies, HSTS over https, no-store
  // on authenticated API answers, and POST /app-api/csp-report.
  await app.register(securityHeadersPlugin, { config });
  // Before any /sandbox/ route: those answer loopback clients only, unless SANDBOX_UNSAFE_PUBLIC.
  if (config.sandbox) await app.register(sandboxGuardPlugin, { config });
  // SMS and e-mail (app.messenger); in the sandbox also the outbox pages under /sandbox.
  await app.register(messagingPlugin, { config, ...(fetch && { fetch }) });
  // Before any route, so the OpenAPI document sees them all.
  await app.register(openapiPlugin);
  // Before any route: every mutating call that needs a login is recorded in the audit log (decision 0055).
  await app.register(auditRecorderPlugin);

  // Only for reply.sendFile (shared by the shell and the remotes); each caller names its own root.
  // preCompressed: a file's .br/.gz made at build or publish is sent to a client that accepts it.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });

  await app.register(systemRoutes, { config });
  await app.register(captchaRoutes);
  // A password reset or change revokes the member's API tokens too (docs/decisions/0031); accounts
  // is handed the revocation, so it does not depend on the module that issues tokens.
  // Two factors (docs/decisions/0056): the step-up check other routes ask for, so registered first;
  // accounts is handed the login's second step, so it does not depend on this module.
  await app.register(twoFactorPlugin, { config });
  await app.register(accountsRoutes, {
    config,
    revokeCredentials: revokeAllApiTokens,
    secondFactor: secondFactorChallengeFor(app.db),
  });
  await app.register(certificationRoutes, {
    config,
    ...(fetch && { fetch }),
    ...(identityVerifier && { verifier: identityVerifier }),
  });
  await app.register(catalogueRoutes);
  await app.register(contentRoutes);
  // One set of gateways and one registry of order kinds, assembled here: payments mounts each kind's
  // pay routes and a notification pays whatever kind of order its payment is for, knowing none of them.
  const gateways = createGateways(config, { now: clock });
  const orderKinds = createOrderKinds([rechargeOrderKind, staticOrderKind]);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes, {
    gateways,
    orderKinds,
    sandbox: config.sandbox,
    refundUnusable: refundUnusablePayment,
  });
  await app.register(refundsRoutes, { config, gateways });
  await app.register(staticIpRoutes);
  // Invoices of paid recharge orders (docs/decisions/0026).
  await app.register(invoicesRoutes, { config });
  await app.register(usageRoutes, { config });
  await app.register(statusRoutes, { config });
  // Low-balance and static expiry alert settings (docs/decisions/0025); the sending job starts in main.ts.
  await app.register(alertsRoutes);
  await app.register(proxyRoutes, { config });
  // Personal API tokens and the public API /api/v1/ they open (docs/decisions/0022).
  await app.register(apiTokensRoutes, { config });
  // Teams: members, roles, invitations (docs/decisions/0053, 0054).
  await app.register(teamsRoutes);
  // Custom enterprise plan requests (docs/decisions/0028).
  await app.register(leadsRoutes, { config });
  await app.register(auditRoutes);
  await app.register(redirectsRoutes);
  // One remote registry and one view of what each visitor is served, for pages, sitemap and /remotes.json.
  const registry = createRemoteRegistry(config.dataDir, { database: app.database });
  const served = createServedRemotes(registry, { devRemotes: config.devRemotes });
  await app.register(seoRoutes, { config, served });
  // Public pages rendered on the server, cached per site and page within SSR_CACHE_MB, at most
  // SSR_CONCURRENCY renders at once (docs/decisions/0017, 0029).
  const pages = createPageRendering(app, {
    shellDist: config.shellDist,
    registry,
    budgetMs: config.ssrBudgetMs,
    devRemotes: config.devRemotes,
    cacheBytes: config.ssrCacheBytes,
    concurrency: config.ssrConcurrency,
  });
  app.decorate('pages', pages);
  await app.register(staticPlugin, { config, registry, served, pages });
  await app.register(remotesRoutes, { config, registry, served });
  return app;
}
