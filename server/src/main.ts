import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfigFromProcess } from './config.ts';
import { seed } from './db/seed.ts';
import { startOrderCloseJob } from './modules/orders/close-job.ts';
import { startStaticJobs } from './modules/static-ip/jobs.ts';

let config: Config;
try {
  config = loadConfigFromProcess();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

let app: FastifyInstance | undefined;
let stopJobs = () => {};
try {
  app = await buildApp({ config });
  await app.ready();
  await app.database.migrate();
  await seed(app.db, { sandbox: config.sandbox });
  // Jobs touch the tables, so only once the schema is migrated; every instance runs them (they are concurrency-safe).
  const stopOrderJob = startOrderCloseJob(app);
  const stopStaticJobs = startStaticJobs(app);
  stopJobs = () => {
    stopOrderJob();
    stopStaticJobs();
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

// Stop accepting connections, let in-flight requests finish, close the database, then exit.
const server = app;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1); // a second signal means "now"
    closing = true;
    server.log.info({ signal }, 'shutting down');
    stopJobs();
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
