import type { Database, Db } from '../db/client.ts';
import { type Cache, type CacheTag, createCache, isCacheTag, isRowKey, type KeyedPrefix, rowKey } from './cache.ts';

/**
 * How cached data learns that its tables changed, on every instance:
 *
 * - Each table a cache depends on has a statement trigger (migration 0009_cache_notify) that sends
 *   `NOTIFY portal_cache, '<tag>'` when a statement changes it, whoever runs the statement: the
 *   server, `npm run ops` from another process on PostgreSQL, a migration, psql. The notification
 *   is delivered when the transaction commits. Every instance LISTENs (listenForChanges, started by
 *   plugins/cache.ts) and drops that tag.
 * - A service that changed data in this process also calls `changed(db, tag)`, so its own
 *   instance sees the change at once, without waiting for the notification to come round.
 * - Rows cached one by one (a member) are keyed `<prefix>:<id>`: their row trigger notifies that
 *   key (migration 0012) and only that entry goes; `rowChanged(db, prefix, id)` is the local call.
 * - Entries still expire after their TTL (CACHE_MAX_STALE_MS for settings, redirects and the
 *   catalogue): the bound if a notification is lost while the LISTEN connection is down.
 */
export const CACHE_CHANNEL = 'portal_cache';

/** One cache per database handle: the server's app.db and anything that runs on it (ops socket). */
const caches = new WeakMap<Db, Cache>();

export function cacheFor(db: Db): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Call after a write this process made (committed): this instance drops the tag at once. */
export function changed(db: Db, ...tags: CacheTag[]): void {
  const cache = caches.get(db);
  if (cache) for (const tag of tags) cache.invalidate(tag);
}

/** Call after this process changed one cached row (e.g. a member): this instance drops it at once. */
export function rowChanged(db: Db, prefix: KeyedPrefix, id: number): void {
  caches.get(db)?.drop(rowKey(prefix, id));
}

export interface ChangeLog {
  warn(obj: object, msg: string): void;
}

/**
 * Drops the tag of every change notification on `database` from `cache` (and everything when
 * notifications may have been missed). Resolves to the function that stops listening.
 */
export function listenForChanges(database: Pick<Database, 'listen'>, cache: Cache, log: ChangeLog): Promise<() => Promise<void>> {
  return database.listen(CACHE_CHANNEL, {
    onMessage: (payload) => {
      if (isCacheTag(payload)) cache.invalidate(payload);
      else if (isRowKey(payload)) cache.drop(payload);
      else cache.invalidateAll();
    },
    onGap: () => cache.invalidateAll(),
    onError: (err) =>
      log.warn({ err }, `cache invalidation: LISTEN ${CACHE_CHANNEL} failed; cached data may lag changes by up to its TTL`),
  });
}
