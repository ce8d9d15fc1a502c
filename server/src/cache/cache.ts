/**
 * A small in-process cache of loaded values (database reads, rendered pages), per instance:
 * entries live for their own TTL, a miss loads once per key however many requests ask at the same
 * time (single-flight), and entries carry tags that `invalidate(tag)` drops at once when the data
 * behind them changes (see invalidation.ts: ops in this process, PostgreSQL NOTIFY from others).
 * docs/decisions/0015-compression-and-page-caching.md
 */

/** What cached values depend on; each tag is invalidated when its tables change. */
export const CACHE_TAGS = ['redirects', 'site-settings', 'prices', 'posts', 'help', 'sessions', 'remotes', 'status'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];
/** What public pages are made from (not sessions: pages are rendered for guests). */
export const CONTENT_TAGS: readonly CacheTag[] = ['redirects', 'site-settings', 'prices', 'posts', 'help', 'status'];
export const isCacheTag = (value: string): value is CacheTag => (CACHE_TAGS as readonly string[]).includes(value);

/**
 * Entries of one row each, keyed `<prefix>:<id>`, dropped one by one by a notification carrying
 * that key (a changed member must not empty everyone's cache): `member:<id>` (migration 0012).
 */
export const KEYED_PREFIXES = ['member'] as const;
export type KeyedPrefix = (typeof KEYED_PREFIXES)[number];
export const rowKey = (prefix: KeyedPrefix, id: number) => `${prefix}:${id}`;
const ROW_KEY = new RegExp(`^(?:${KEYED_PREFIXES.join('|')}):\\d+$`);
export const isRowKey = (value: string) => ROW_KEY.test(value);

/**
 * The longest a value read through the cache may be out of date when an invalidation is lost (the
 * NOTIFY connection was down, or the data was changed by hand without a trigger): the TTL of the
 * settings, redirects and catalogue caches, and the backstop a page cache should stay within too.
 */
export const CACHE_MAX_STALE_MS = 10_000;

/**
 * Freezes a value and everything in it, and returns it. A cached value shared by every request is
 * frozen: nobody can change it by mistake, and its answer may be serialised once (plugins/serialization.ts).
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface CachedOptions {
  /** The data the value is made from: `invalidate(tag)` drops it. */
  tags?: readonly CacheTag[];
}

export interface Cache {
  /**
   * The value of `key`: kept for `ttlMs` from the moment its load started; otherwise `loader()` runs,
   * once for all concurrent callers of the same key. A failed load is not kept (the next call
   * tries again). A load still running when its key is invalidated is answered to those already
   * waiting but not kept.
   */
  cached<T>(key: string, ttlMs: number, loader: () => Promise<T>, options?: CachedOptions): Promise<T>;
  /** Drops every entry tagged `tag`, loading or loaded. */
  invalidate(tag: CacheTag): void;
  /** Drops the entry of one key, loading or loaded (a row that changed: see KEYED_PREFIXES). */
  drop(key: string): void;
  /** Drops everything (a missed notification could have been about anything). */
  invalidateAll(): void;
  /**
   * Calls `listener` after every `invalidate(tag)` with that tag, and after `invalidateAll()` with
   * null: for stores kept beside this cache (the rendered pages, modules/ssr/page-cache.ts) that
   * must drop what is made from the same data. Returns the function that stops the calls.
   */
  onInvalidate(listener: (tag: CacheTag | null) => void): () => void;
  /** Entries held (loading ones included). */
  readonly size: number;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  tags: readonly CacheTag[];
}

export interface CacheOptions {
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** Beyond this many keys the oldest entry goes: keys may come from URLs, memory must not grow with them. */
  maxEntries?: number;
}

export function createCache({ now = () => Date.now(), maxEntries = 10_000 }: CacheOptions = {}): Cache {
  const entries = new Map<string, Entry>();
  const listeners = new Set<(tag: CacheTag | null) => void>();

  return {
    cached<T>(key: string, ttlMs: number, loader: () => Promise<T>, { tags = [] }: CachedOptions = {}): Promise<T> {
      const at = now();
      const hit = entries.get(key);
      if (hit && at < hit.expiresAt) return hit.value as Promise<T>;
      let value: Promise<T>;
      try {
        // Promise.resolve: a lazy thenable (a drizzle query builder runs its query at every `then`)
        // is run once here and its result kept.
        value = Promise.resolve(loader());
      } catch (err) {
        value = Promise.reject(err);
      }
      const entry: Entry = { value, expiresAt: at + ttlMs, tags };
      // Re-inserted, so the Map's order stays the order of loading (the oldest is evicted first).
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },

    invalidate(tag) {
      for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
      for (const listener of listeners) listener(tag);
    },

    drop(key) {
      entries.delete(key);
    },

    invalidateAll() {
      entries.clear();
      for (const listener of listeners) listener(null);
    },

    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    get size() {
      return entries.size;
    },
  };
}
