import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** A temp folder holding `data/` (DATA_DIR) and `shell/` (SHELL_DIST), removed by close(). */
  dir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Read like the process environment, so tests go through the same validation as production. */
  env?: Record<string, string>;
  /** Share one database between several apps of a test file; the caller destroys it. */
  database?: TestDatabase;
  /** Extra routes for the test, registered before the app is ready. */
  register?: (app: FastifyInstance) => void;
}

/** The real app on a fresh database and temp data folder. */
export async function createTestApp({ env = {}, database, register }: TestAppOptions = {}): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-server-test-'));
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), SHELL_DIST: join(dir, 'shell'), ...env });
  const db = database ?? (await createTestDatabase());
  const app = await buildApp({ config, database: db, logger: false });
  register?.(app);
  await app.ready();
  return {
    app,
    config,
    database: db,
    dir,
    async close() {
      await app.close();
      if (!database) await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
