import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seed } from '../db/seed.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PostgreSQL: the migrated and seeded database every test file's database is copied from. */
    templateDatabase: string | null;
    /** PGlite: a dump of a migrated and seeded data folder every test file's database starts from. */
    pgliteDump: string | null;
  }
}

/**
 * Vitest's global setup of the server tests: migrating and seeding a database took 1.3–2 s per test
 * file on PostgreSQL and 3–5 s on PGlite, for every one of about 70 files. Done once here, each file
 * copies the result instead (`CREATE DATABASE … TEMPLATE`, a PGlite data-folder dump).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `portal_tmpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await database.migrate();
      await seed(database.db, { sandbox: false });
    } finally {
      await database.close();
    }
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', null);
    return () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const file = path.join(tmpdir(), `portal-test-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  try {
    await database.migrate();
    await seed(database.db, { sandbox: false });
    const dump = await database.exportDataDir?.();
    if (!dump) throw new Error('the PGlite database cannot export its data folder');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('templateDatabase', null);
  project.provide('pgliteDump', file);
  return () => rmSync(file, { force: true });
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
