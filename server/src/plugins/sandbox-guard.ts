import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';

/**
 * The sandbox turns itself on when no real provider is configured, and the server listens on
 * every interface by default; its pages must not hand every account's verification codes (the
 * outbox) or a free "pay" button (the cashier) to whoever can reach the port. So every route under
 * /sandbox/ answers only a client on this machine, unless the operator opts in with
 * SANDBOX_UNSAFE_PUBLIC=true (a shared test environment; never with real customers).
 *
 * "On this machine": the connection comes over loopback (the socket's peer address, whatever
 * headers say) and the client is loopback too. Behind a trusted proxy (TRUSTED_PROXY) the client is
 * the one the proxy forwards (request.ip): a proxy on this machine forwarding a visitor from
 * elsewhere is refused, and X-Forwarded-For from an untrusted peer is never believed (request.ip
 * ignores it then, and the peer itself must be loopback anyway).
 */

const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (::ffff:127.x.y.z). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(plain) === 4) return LOOPBACK_V4.test(plain);
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/** Whether the request comes from this machine (see above). */
export function isLocalRequest(request: Pick<FastifyRequest, 'ip' | 'socket'>): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

/** Routes whose pattern starts with this are the sandbox's (outbox, cashier). */
export const SANDBOX_PREFIX = '/sandbox/';

const REFUSAL = [
  'Forbidden: the sandbox (verification-code outbox, payment cashier) only answers on this machine.',
  '禁止访问：沙箱（验证码发件箱、模拟收银台）只允许本机访问。',
  '',
  'Open it from the server itself (http://localhost:<PORT>/sandbox/outbox), or set SANDBOX_UNSAFE_PUBLIC=true',
  'for a shared test environment without real customers.',
  '',
].join('\n');

/**
 * Refuses every /sandbox/ route to a client that is not local, unless `sandboxUnsafePublic`. Decides
 * on the matched route's pattern, not the raw URL, so no spelling of the path slips past it.
 */
export const sandboxGuardPlugin = fp<{ config: Pick<Config, 'sandboxUnsafePublic'> }>(
  async (app, { config }) => {
    if (config.sandboxUnsafePublic) {
      app.log.warn('SANDBOX_UNSAFE_PUBLIC=true: the sandbox outbox and cashier answer every client');
      return;
    }
    // On the sandbox's own routes only (added to each as it is declared): every other request pays
    // nothing for the guard.
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      if (isLocalRequest(request)) return;
      request.log.warn({ ip: request.ip, peer: request.socket.remoteAddress }, 'sandbox route refused to a remote client');
      return reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(REFUSAL);
    };
    app.addHook('onRoute', (routeOptions) => {
      if (!routeOptions.url?.startsWith(SANDBOX_PREFIX)) return;
      const own = routeOptions.onRequest === undefined ? [] : [routeOptions.onRequest].flat();
      // A GET's HEAD twin is declared from the GET's options, which have it already.
      if (own.includes(guard)) return;
      // First, before the route's own hooks (as the instance hook it replaces ran).
      routeOptions.onRequest = [guard, ...own];
    });
  },
  { name: 'sandbox-guard' },
);
