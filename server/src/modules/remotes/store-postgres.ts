import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RemoteName } from '@portal/shared';
import { precompressDir } from '@portal/shared/precompress';
import { and, eq, sql } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Database } from '../../db/client.ts';
import { copyFiles, isDirectory, listFiles } from './files.ts';
import type { RegistryStore } from './store.ts';
import { remoteRegistry, remoteVersionFiles } from './tables.ts';

/** Names the advisory lock of registry changes; the same constant on every instance and the CLI. */
const REGISTRY_LOCK_KEY = 7_210_431_338;

/** Rows per INSERT of a version's files, and bytes: big enough for few round trips, small enough for memory. */
const BATCH_ROWS = 200;
const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * The registry on PostgreSQL: one document row (remote_registry) and every version's files
 * (remote_version_files), so that N instances serve the same versions from one database. Each
 * instance copies a version into `cacheDir` on first use and serves it from that folder; versions
 * never change, so the copy never goes stale. The document is held in memory and dropped when any
 * process changes it (NOTIFY through the cache's 'remotes' tag, migration 0011).
 */
export function createPostgresRegistryStore(database: Pick<Database, 'db' | 'withLock'>, cacheDir: string): RegistryStore {
  const { db } = database;
  const cache = cacheFor(db);
  const versionDir = (name: RemoteName, version: string) => join(cacheDir, name, version);
  const copying = new Map<string, Promise<boolean>>();

  async function readText(): Promise<string | null> {
    const [row] = await db.select({ document: remoteRegistry.document }).from(remoteRegistry).where(eq(remoteRegistry.id, 1));
    return row?.document ?? null;
  }

  async function insertFiles(name: RemoteName, version: string, dir: string): Promise<void> {
    const files = await listFiles(dir);
    await db.transaction(async (tx) => {
      let batch: (typeof remoteVersionFiles.$inferInsert)[] = [];
      let bytes = 0;
      const flush = async () => {
        if (batch.length) await tx.insert(remoteVersionFiles).values(batch);
        batch = [];
        bytes = 0;
      };
      for (const path of files) {
        const body = await readFile(join(dir, ...path.split('/')));
        if (batch.length >= BATCH_ROWS || bytes + body.length > BATCH_BYTES) await flush();
        batch.push({ remote: name, version, path, body });
        bytes += body.length;
      }
      await flush();
    });
  }

  /** Writes the version's rows into a temp folder beside its place, then renames it into place. */
  async function copyDown(name: RemoteName, version: string): Promise<boolean> {
    const rows = await db
      .select({ path: remoteVersionFiles.path, body: remoteVersionFiles.body })
      .from(remoteVersionFiles)
      .where(and(eq(remoteVersionFiles.remote, name), eq(remoteVersionFiles.version, version)));
    if (!rows.length) return false;
    const target = versionDir(name, version);
    const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    await mkdir(join(cacheDir, name), { recursive: true, mode: 0o700 });
    try {
      for (const { path, body } of rows) {
        const file = join(tmp, ...path.split('/'));
        await mkdir(dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(file, body, { mode: 0o600 });
      }
      await rename(tmp, target).catch(async (err: NodeJS.ErrnoException) => {
        // Another process sharing the cache folder put the same immutable version there first.
        if (!(await isDirectory(target))) throw err;
      });
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
    return true;
  }

  return {
    location: 'PostgreSQL (table remote_registry)',
    versionDir,
    readText,

    readServingText: () =>
      cache.cached(
        'remote-registry',
        CACHE_MAX_STALE_MS,
        async () => {
          const text = await readText();
          return { text, key: text === null ? null : createHash('sha256').update(text).digest('hex') };
        },
        { tags: ['remotes'] },
      ),

    async writeText(text) {
      await db
        .insert(remoteRegistry)
        .values({ id: 1, document: text })
        .onConflictDoUpdate({ target: remoteRegistry.id, set: { document: text, updatedAt: sql`now()` } });
      // This instance at once; the others when the trigger's NOTIFY arrives.
      changed(db, 'remotes');
    },

    locked: (fn) => database.withLock(REGISTRY_LOCK_KEY, fn),

    async hasVersion(name, version) {
      const rows = await db
        .select({ one: sql`1` })
        .from(remoteVersionFiles)
        .where(and(eq(remoteVersionFiles.remote, name), eq(remoteVersionFiles.version, version)))
        .limit(1);
      return rows.length > 0;
    },

    async addVersion(name, version, distDir, files) {
      // Compressed once here, in a folder that then becomes this instance's cached copy.
      await mkdir(join(cacheDir, name), { recursive: true, mode: 0o700 });
      const target = versionDir(name, version);
      const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        await copyFiles(distDir, tmp, files);
        await precompressDir(tmp);
        await insertFiles(name, version, tmp);
        await rm(target, { recursive: true, force: true });
        await rename(tmp, target);
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    // Stored with their compressed forms from the start.
    refreshVersion: async () => {},

    async removeVersion(name, version) {
      await db
        .delete(remoteVersionFiles)
        .where(and(eq(remoteVersionFiles.remote, name), eq(remoteVersionFiles.version, version)));
      await rm(versionDir(name, version), { recursive: true, force: true });
    },

    materialize(name, version) {
      const key = `${name}@${version}`;
      let pending = copying.get(key);
      if (!pending) {
        pending = (async () => (await isDirectory(versionDir(name, version))) || copyDown(name, version))().finally(() =>
          copying.delete(key),
        );
        copying.set(key, pending);
      }
      return pending;
    },
  };
}
