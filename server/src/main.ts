import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config/index.ts';
import { describeModeFixes, secureDataDir, useOwnerOnlyUmask } from './data-dir.ts';
import { seed } from './db/seed.ts';
import { resolveDataKey } from './modules/certification/crypto.ts';
import { importLegacyLicences } from './modules/certification/licence.ts';
import { backfillIdCardHashes } from './modules/certification/service.ts';
import { startLotExpiryJob } from './modules/usage/lot-expiry-job.ts';
import { startAlertJobs } from './modules/alerts/jobs.ts';
import { startLeadConfirmationJob } from './modules/leads/confirmations.ts';
import { startStatusNotificationJob } from './modules/status/notifications.ts';
import { startAuditJob } from './modules/audit/job.ts';
import { startOrderCloseJob } from './modules/orders/close-job.ts';
import { startStaticJobs } from './modules/static-ip/jobs.ts';
import { startRefundJob } from './modules/refunds/job.ts';

// Before anything is written: DATA_DIR (database, keys, registry) and every file the server creates
// are the owner's alone (data-dir.ts).
useOwnerOnlyUmask();

const config = loadConfigOrExit();

let app: FastifyInstance | undefined;
let stopJobs: () => Promise<void> = async () => {};
try {
  // A folder from an older version (or copied in) may still be readable by others: fixed, then said once.
  const fixes = await secureDataDir(config.dataDir);
  app = await buildApp({ config });
  const fixed = describeModeFixes(config.dataDir, fixes);
  if (fixed) app.log.warn(fixed);
  await app.ready();
  await app.database.migrate();
  await seed(app.db, { sandbox: config.sandbox });
  // Personal certifications from before id_card_hash get theirs (docs/decisions/0008); idempotent.
  const filled = await backfillIdCardHashes(app.db, await resolveDataKey(config, app.log));
  if (filled > 0) app.log.info({ filled }, 'filled in the ID card hash of older personal certifications');
  // Licences of releases that kept them in DATA_DIR move into the database, where every instance reads them.
  const imported = await importLegacyLicences(app.db, config.dataDir);
  if (imported > 0) app.log.info({ imported }, 'copied business licences from DATA_DIR/private/licences into the database');
  // Jobs touch the tables, so only once the schema is migrated; every instance runs them (they are concurrency-safe).
  const stopOrderJob = startOrderCloseJob(app);
  const stopStaticJobs = startStaticJobs(app);
  const stopRefundJob = startRefundJob(app);
  const stopExpiryJob = startLotExpiryJob(app);
  // Static IP expiry alerts and the sending of every queued alert (docs/decisions/0025).
  const stopAlertJobs = startAlertJobs(app, config.alertJobIntervalMs);
  const stopLeadJob = startLeadConfirmationJob(app);
  // Incident update mails that ops queued (docs/decisions/0048).
  const stopStatusJob = startStatusNotificationJob(app);
  // Audit log: a year kept, calls whose outcome was never recorded swept in (docs/decisions/0055).
  const stopAuditJob = startAuditJob(app);
  stopJobs = async () => {
    await Promise.all([
      stopOrderJob(),
      stopStaticJobs(),
      stopRefundJob(),
      stopExpiryJob(),
      stopAlertJobs(),
      stopLeadJob(),
      stopStatusJob(),
      stopAuditJob(),
    ]);
  };
  // Before the HTTP port, so whoever waits for the port (e2e, scripts) can use `npm run ops` at once.
  await app.opsSocket.listen();
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  if (app) app.log.fatal({ err }, 'start-up failed');
  else console.error('start-up failed:', err);
  await app?.close().catch(() => {});
  process.exit(1);
}

// Zero-downtime restarts (docs/deploy.md): stop the jobs and let a running round finish, stop
// accepting connections (new requests on open ones get 503, so a balancer moves on), let in-flight
// requests finish, close the database, then exit.
const server = app;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1); // a second signal means "now"
    closing = true;
    server.log.info({ signal }, 'shutting down');
    Promise.all([stopJobs(), server.close()]).then(
      () => process.exit(0),
      (err) => {
        server.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
