import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './pglite-lock.ts';
import * as schema from './schema.ts';

/** The drizzle handle every module queries through; the same API over pg and PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Applies pending SQL migrations from server/drizzle. Safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** PGlite only: the whole data folder as a tar archive (what `from` opens again). */
  exportDataDir?(): Promise<Blob>;
  close(): Promise<void>;
  /**
   * Hears every NOTIFY on `channel` (PostgreSQL: LISTEN on a connection of its own, reconnected
   * with back-off when lost; PGlite: in-process). `onGap` is called whenever notifications may have
   * been missed: the connection was lost, and again once it is back. Resolves once listening (or
   * once the first attempt failed, reported to `onError`; it keeps trying); the function it
   * resolves to stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Runs `fn` while holding the lock named `key` against every process on this database
   * (PostgreSQL: a session advisory lock on a connection of its own; PGlite, owned by one process:
   * a queue in this process). For read-modify-write cycles that span several statements and files.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onGap(): void;
  onError?(err: unknown): void;
}

/** LISTEN takes an identifier, not a parameter: only plain lower-case names are accepted. */
const assertChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid notification channel name "${channel}"`);
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir: null` keeps everything in memory (tests); `from` starts that memory database from a
   * data-folder dump (`exportDataDir`) instead of an empty cluster.
   */
  | { kind: 'pglite'; dataDir: string | null; from?: Blob };

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Any constant works as long as every instance uses the same one: it names the lock that makes
// concurrent starts apply migrations one at a time.
const MIGRATION_LOCK_KEY = 7_210_431_337;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url) : openPglite(options.dataDir, options.from);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client losing its connection (server restart, failover) must not crash the process;
  // the pool replaces it and the next query reports the error to its caller.
  pool.on('error', () => {});
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    async migrate() {
      // The advisory lock belongs to a session, so lock, migrate and unlock on one connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
  };
}

const LISTEN_RETRY_MIN_MS = 1000;
const LISTEN_RETRY_MAX_MS = 10_000;

async function listenPostgres(url: string, channel: string, { onMessage, onGap, onError }: ListenHandlers) {
  assertChannel(channel);
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    // An 'error' of an idle client is followed by 'end'; both must be handled or the process dies.
    c.on('error', (err) => onError?.(err));
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      if (stopped) return;
      onGap();
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };

  const retry = () => {
    timer = setTimeout(async () => {
      try {
        await connect();
        delay = LISTEN_RETRY_MIN_MS;
        onGap();
      } catch (err) {
        onError?.(err);
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        if (!stopped) retry();
      }
    }, delay);
    timer.unref();
  };

  try {
    await connect();
  } catch (err) {
    onError?.(err);
    retry();
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

async function openPglite(dataDir: string | null, from?: Blob): Promise<Database> {
  // Memory (docs/decisions/0019): 16 MB of shared buffers instead of PostgreSQL's 128 MB, which the
  // wasm heap keeps once touched; a start parameter, so the folder's postgresql.conf is left alone.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  let unlock = () => {};
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // One process per data folder (see pglite-lock.ts); throws DatabaseInUseError otherwise.
    unlock = lockDataDir(dataDir);
    try {
      // initdb grows the wasm heap of the process that runs it by ~0.5 GB for good (wasm memory never
      // shrinks): a new folder is created by a short-lived child process.
      if (!existsSync(join(dataDir, 'PG_VERSION'))) {
        const script = 'require(process.argv[1]).PGlite.create({ dataDir: process.argv[2] }).then((db) => db.close())';
        const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
        const init = spawnSync(process.execPath, ['-e', script, pglite, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
        if (init.status !== 0)
          throw new Error(`creating the database in ${dataDir} failed: ${init.error?.message ?? String(init.stderr).trim()}`);
      }
      client = await PGlite.create({ dataDir, startParams });
    } catch (err) {
      unlock();
      throw err;
    }
  } else {
    client = await PGlite.create({ startParams, ...(from && { loadDataDir: from }) });
  }
  const db = drizzlePglite({ client, schema });
  const locks = new Map<number, Promise<unknown>>();
  return {
    db,
    kind: 'pglite',
    // PGlite is single-connection and owned by this process (the lock): nobody to race with.
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    exportDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    async listen(channel, { onMessage }) {
      assertChannel(channel);
      // One connection in this process: nothing to lose, so no gaps.
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    withLock(key, fn) {
      const previous = locks.get(key) ?? Promise.resolve();
      const run = previous.then(fn, fn);
      const settled = run.catch(() => {});
      locks.set(key, settled);
      void settled.then(() => {
        if (locks.get(key) === settled) locks.delete(key);
      });
      return run;
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
