import { createHash, timingSafeEqual } from 'node:crypto';
import { PROXY_NETWORK_KEY_HEADER } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Digests have one length, so the comparison takes the same time whatever the key given.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Registers the proxy network's server-to-server routes (`register`) behind its API key. The key is
 * checked in onRequest, before the body is read or validated: a caller without it gets a plain
 * HTTP 403 (a machine, not the browser's "log in again" body code) and learns nothing of the schema.
 */
export async function proxyNetworkRoutes(
  app: FastifyInstance,
  { key, register }: { key: string | null; register: (scope: FastifyInstance) => void },
): Promise<void> {
  const expected = key === null ? null : digest(key);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const given = request.headers[PROXY_NETWORK_KEY_HEADER];
    if (!expected || typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw Object.assign(new Error('missing or wrong proxy network API key'), { statusCode: 403 });
    }
  });
  register(app);
}
