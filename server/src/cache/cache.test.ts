import { describe, expect, it } from 'vitest';
import { CACHE_MAX_STALE_MS, createCache } from './cache.ts';

/** A loader that counts its runs and resolves when told to. */
function deferredLoader<T>(value: T) {
  let runs = 0;
  const pending: Array<() => void> = [];
  const loader = () => {
    runs++;
    return new Promise<T>((resolve) => pending.push(() => resolve(value)));
  };
  return {
    loader,
    runs: () => runs,
    release: () => {
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

const clock = (start = 1_000_000) => {
  let at = start;
  const now = () => at;
  now.advance = (ms: number) => {
    at += ms;
  };
  return now;
};

describe('cached', () => {
  it('loads once for 50 concurrent callers of a missing key (single-flight)', async () => {
    const cache = createCache();
    const load = deferredLoader({ rules: 3 });
    const calls = Array.from({ length: 50 }, () => cache.cached('redirects', 10_000, load.loader));
    load.release();
    const values = await Promise.all(calls);
    expect(load.runs()).toBe(1);
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toEqual({ rules: 3 });
  });

  it('keeps a value for its TTL from the start of its load, then loads again', async () => {
    const now = clock();
    const cache = createCache({ now });
    let n = 0;
    const loader = async () => ++n;
    expect(await cache.cached('k', CACHE_MAX_STALE_MS, loader)).toBe(1);
    now.advance(CACHE_MAX_STALE_MS - 1);
    expect(await cache.cached('k', CACHE_MAX_STALE_MS, loader)).toBe(1);
    now.advance(1);
    expect(await cache.cached('k', CACHE_MAX_STALE_MS, loader)).toBe(2);
  });

  it('runs a lazy thenable once (a query builder runs its query at every then)', async () => {
    const cache = createCache();
    let runs = 0;
    const builder = {
      // biome-ignore lint/suspicious/noThenProperty: the shape of a drizzle query builder
      then: (resolve: (rows: number) => void) => resolve(++runs),
    };
    const loader = () => builder as unknown as Promise<number>;
    expect(await cache.cached('rows', 1000, loader)).toBe(1);
    expect(await cache.cached('rows', 1000, loader)).toBe(1);
    expect(runs).toBe(1);
  });

  it('keeps keys apart', async () => {
    const cache = createCache();
    expect(await cache.cached('a', 1000, async () => 'a')).toBe('a');
    expect(await cache.cached('b', 1000, async () => 'b')).toBe('b');
    expect(cache.size).toBe(2);
  });

  it('does not keep a failed load, nor a loader that throws at once', async () => {
    const cache = createCache();
    await expect(cache.cached('k', 1000, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await expect(
      cache.cached('k', 1000, () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(await cache.cached('k', 1000, async () => 'back')).toBe('back');
  });

  it('evicts the oldest entry beyond maxEntries', async () => {
    const cache = createCache({ maxEntries: 2 });
    await cache.cached('a', 1000, async () => 1);
    await cache.cached('b', 1000, async () => 2);
    await cache.cached('c', 1000, async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.cached('a', 1000, async () => 'reloaded')).toBe('reloaded');
    expect(await cache.cached('c', 1000, async () => 'not reloaded')).toBe(3);
  });
});

describe('invalidate', () => {
  it('drops the entries of a tag, and only those', async () => {
    const cache = createCache();
    let version = 1;
    const rules = () => cache.cached('redirects', 60_000, async () => `rules v${version}`, { tags: ['redirects'] });
    const page = () =>
      cache.cached('page:/en/buy', 60_000, async () => `page v${version}`, { tags: ['prices', 'site-settings'] });
    expect([await rules(), await page()]).toEqual(['rules v1', 'page v1']);
    version = 2;
    cache.invalidate('posts');
    expect([await rules(), await page()]).toEqual(['rules v1', 'page v1']);
    cache.invalidate('site-settings');
    expect([await rules(), await page()]).toEqual(['rules v1', 'page v2']);
    cache.invalidate('redirects');
    expect(await rules()).toBe('rules v2');
    version = 3;
    cache.invalidateAll();
    expect([await rules(), await page()]).toEqual(['rules v3', 'page v3']);
  });

  it('does not keep a load that was under way when its tag was invalidated', async () => {
    const cache = createCache();
    const before = deferredLoader('old');
    const waiting = cache.cached('settings', 60_000, before.loader, { tags: ['site-settings'] });
    cache.invalidate('site-settings');
    // A caller after the change loads again instead of joining the load that started before it.
    const after = cache.cached('settings', 60_000, async () => 'new', { tags: ['site-settings'] });
    before.release();
    expect(await waiting).toBe('old');
    expect(await after).toBe('new');
    expect(await cache.cached('settings', 60_000, async () => 'newer')).toBe('new');
  });

  it('tells the stores kept beside it what was invalidated, until they stop listening', () => {
    const cache = createCache();
    const heard: Array<string | null> = [];
    const stop = cache.onInvalidate((tag) => heard.push(tag));
    cache.invalidate('prices');
    cache.invalidateAll();
    cache.drop('member:1');
    stop();
    cache.invalidate('posts');
    expect(heard).toEqual(['prices', null]);
  });
});
