import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';
import { type Database, type DatabaseOptions, type Db, openDatabase } from '../db/client.ts';
import { join } from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in the data folder. */
export function databaseOptions(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

export interface DatabasePluginOptions {
  config: Pick<Config, 'databaseUrl' | 'dataDir'>;
  /** An already open database (tests); its owner closes it. Otherwise one is opened and closed with the app. */
  database?: Database;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { config, database }) => {
    const owned = !database;
    const opened = database ?? (await openDatabase(databaseOptions(config)));
    app.decorate('database', opened);
    app.decorate('db', opened.db);
    if (owned) app.addHook('onClose', () => opened.close());
  },
  { name: 'database' },
);
