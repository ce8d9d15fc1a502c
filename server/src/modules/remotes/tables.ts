import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.ts';

/**
 * The remote registry on PostgreSQL (DATABASE_URL): the one document that says which version of
 * each remote is live (the same JSON as `${DATA_DIR}/remotes/registry.json` in the embedded mode),
 * so every instance serves the same versions. A change NOTIFYs every instance (migration 0011).
 */
export const remoteRegistry = pgTable(
  'remote_registry',
  {
    id: smallint('id').primaryKey().default(1),
    document: text('document').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('remote_registry_single_row', sql`${t.id} = 1`)],
);

/**
 * Every published version's files (with their .br/.gz forms), never changed once written: each
 * instance copies a version into its own cache folder on first use and serves it from there.
 */
export const remoteVersionFiles = pgTable(
  'remote_version_files',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** POSIX path relative to the version folder. */
    path: text('path').notNull(),
    body: bytea('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.path] })],
);
