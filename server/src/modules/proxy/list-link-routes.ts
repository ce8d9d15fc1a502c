import { type ProxyListFormat, proxyListLinkApi } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ProxyConfig } from '../../config/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/contract.ts';
import { addressKey, consume, type Quota } from '../limits/limits.ts';
import { createLink, hashListToken, LIST_FILE, LIST_PATH, listFile, listLinks, revokeLink, rotateLink } from './list-links.ts';

/**
 * Downloads of one link per minute: a tool polling every few seconds still gets its list, a leaked
 * URL cannot be used as a feed for many. Per client address (the /64 of IPv6): across all tokens,
 * known or not, so guessing tokens costs the same quota as using them.
 */
export const LIST_TOKEN_QUOTA = { limit: 30, windowMs: 60_000 } as const;
export const LIST_ADDRESS_QUOTA = { limit: 60, windowMs: 60_000 } as const;

/** The member's list-link calls and the public download (docs/decisions/0051). */
export function listLinkRoutes(app: FastifyInstance, config: ProxyConfig) {
  const origin = (request: Parameters<FastifyInstance['publicOrigins']['of']>[0]) => app.publicOrigins.of(request);

  route(app, proxyListLinkApi.proxyListLinkList, (request) => listLinks(app.db, currentUser(request).id));
  route(app, proxyListLinkApi.proxyListLinkCreate, async (request) =>
    createLink(app.db, app.now(), currentUser(request).id, config, await origin(request), request.body),
  );
  route(app, proxyListLinkApi.proxyListLinkRotate, async (request) =>
    rotateLink(app.db, currentUser(request).id, await origin(request), request.body.accountId),
  );
  route(app, proxyListLinkApi.proxyListLinkRevoke, (request) =>
    revokeLink(app.db, currentUser(request).id, request.body.accountId),
  );

  // Not under /app-api (a file, not the envelope) and no page of the SPA: `/proxy-list/` is the
  // download's own prefix. Every refusal of a token is the same 404.
  app.get<{ Params: { file: string } }>(`${LIST_PATH}:file`, { schema: { hide: true } }, async (request, reply) => {
    const now = app.now();
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    const match = LIST_FILE.exec(request.params.file);
    const quotas: Quota[] = [{ key: `proxy-list:ip:${addressKey(request.ip)}`, ...LIST_ADDRESS_QUOTA }];
    if (match?.[1]) quotas.push({ key: `proxy-list:token:${hashListToken(match[1])}`, ...LIST_TOKEN_QUOTA });
    const taken = await consume(app.db, quotas, now);
    if (!taken.ok) {
      const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .type('text/plain; charset=utf-8')
        .send(request.t('error.tooManyRequests'));
    }
    const file = match?.[1] ? await listFile(app.db, now, config, match[1], match[2] as ProxyListFormat) : null;
    if (!file) return reply.code(404).type('text/plain; charset=utf-8').send(request.t('proxy.listLinkGone'));
    return reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
  });
}
