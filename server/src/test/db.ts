import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { adminQuery } from './template-database.ts';

export interface TestDatabase extends Database {
  /** The connection URL of the PostgreSQL database; null for the in-memory PGlite. */
  url: string | null;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: a new database on the server named by
 * DATABASE_URL when it is set (so the suite runs against real PostgreSQL), an in-memory PGlite
 * otherwise. Both are copies of the one the global setup migrated and seeded (template-database.ts).
 * Call destroy() in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  const template = inject('templateDatabase');
  const dump = inject('pgliteDump');
  if (adminUrl && template) return createPostgresDatabase(adminUrl, template);
  if (!adminUrl && dump) return openPglite(new Blob([readFileSync(dump)]));
  const database = adminUrl ? await createPostgresDatabase(adminUrl) : await openPglite();
  try {
    await database.migrate();
    await seed(database.db, { sandbox: false });
  } catch (err) {
    await database.destroy();
    throw err;
  }
  return database;
}

async function openPglite(from?: Blob): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null, ...(from && { from }) });
  return { ...database, url: null, destroy: () => database.close() };
}

async function createPostgresDatabase(adminUrl: string, template?: string): Promise<TestDatabase> {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
