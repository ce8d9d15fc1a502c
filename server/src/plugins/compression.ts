import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: the bytes saved would not pay for the work. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Content-Encoding for dynamic answers (page HTML, API JSON, the sitemap, sandbox pages): brotli
 * or gzip by the request's Accept-Encoding, on the fly, above COMPRESS_THRESHOLD_BYTES, with
 * `Vary: Accept-Encoding`. Brotli at quality 4 (11 costs ~10× the time for a few % on a page).
 *
 * Immutable files (the shell's /static, every /remotes/<name>/<version>/) are never compressed
 * here: their .br/.gz were made once at build or publish (shared/build/precompress.ts) and
 * @fastify/static sends those (`preCompressed`, app.ts). docs/decisions/0015.
 *
 * Must be registered before the routes: it adds its hook to each route as the route is declared.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Request bodies are never compressed by our clients or payment providers: leave them alone.
      globalDecompression: false,
    });
    // Instance hooks run before the route hooks @fastify/compress adds, so this decides first: an
    // answer marked immutable is a file whose compressed forms, if any, exist already; sending it
    // as it is beats compressing it again for every request. `x-no-compression` is the plugin's
    // own per-request opt-out.
    // A callback hook: it runs on every answer and needs no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      const cacheControl = reply.getHeader('cache-control');
      if (typeof cacheControl === 'string' && cacheControl.includes('immutable')) request.headers['x-no-compression'] = '1';
      done(null, payload);
    });
  },
  { name: 'compression' },
);
