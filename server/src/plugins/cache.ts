import fp from 'fastify-plugin';
import type { Cache } from '../cache/cache.ts';
import { cacheFor, listenForChanges } from '../cache/invalidation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This instance's cache of database reads and rendered answers (cache/cache.ts):
     * `app.cache.cached(key, ttlMs, loader, { tags })`, `app.cache.invalidate(tag)`. The same
     * object services reach with cacheFor(app.db); invalidated on every instance when the tagged
     * tables change (cache/invalidation.ts).
     */
    cache: Cache;
  }
}

/** Decorates app.cache and keeps it in step with the database's change notifications. */
export const cachePlugin = fp(
  async (app) => {
    const cache = cacheFor(app.db);
    app.decorate('cache', cache);
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = await listenForChanges(app.database, cache, app.log);
    });
    // Before the database closes (onClose).
    app.addHook('preClose', async () => {
      await stop?.();
      stop = null;
      cache.invalidateAll();
    });
  },
  { name: 'cache', dependencies: ['database'] },
);
