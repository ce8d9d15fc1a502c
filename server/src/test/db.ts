import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';

export interface TestDatabase extends Database {
  /** The connection URL of the PostgreSQL database; null for the in-memory PGlite. */
  url: string | null;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: a new database on the server named by
 * DATABASE_URL when it is set (so the suite runs against real PostgreSQL), an in-memory PGlite
 * otherwise. Call destroy() in afterAll.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
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

async function openPglite(): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  return { ...database, url: null, destroy: () => database.close() };
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
