import {
  apiTokenApi,
  type ApiScope,
  cappedCan,
  PUBLIC_API_RULES,
  ProxyErrorCode,
  type PublicApiEntry,
  publicApi,
  type TeamPermission,
  usageRangeProblem,
} from '@portal/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../../config/index.ts';
import type { MessageKey, MessageParams } from '../../i18n/index.ts';
import { bearerToken, currentUser } from '../../plugins/auth.ts';
import { route, toFastifyPath } from '../../plugins/contract.ts';
import { registerDocsPage } from '../../plugins/openapi.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { isLocalizedValidation } from '../../plugins/validation.ts';
import { consume } from '../limits/limits.ts';
import { orderPage } from '../orders/service.ts';
import { addAllowedIp, assertOwnAccount, deleteAllowedIp, listAllowedIps } from '../proxy/allowed-ips.ts';
import { createSubAccount, deleteAccount, listAccounts, resetPassword, updateAccount } from '../proxy/service.ts';
import { usageBreakdownOf } from '../usage/breakdown.ts';
import { dashboard } from '../usage/service.ts';
import { publicOpenApiDocument } from './openapi.ts';
import { createApiToken, listApiTokens, revokeApiToken, type TokenIdentity, resolveApiToken } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token of a /api/v1/ call, once authenticated. */
    apiToken: TokenIdentity | null;
  }
}

/** A refusal of the public API: an HTTP status and `{ error: { code, message } }`. */
/** The server's words for the contract's range refusals (the contract's own keys are for forms). */
const USAGE_RANGE_MESSAGES: Record<NonNullable<ReturnType<typeof usageRangeProblem>>, MessageKey> = {
  'validation.usage.range': 'usage.range',
  'validation.usage.tooLong': 'usage.tooLong',
  'validation.usage.tooLongHourly': 'usage.tooLongHourly',
};

export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'PublicApiError';
  }
}

/** Business rules of the reused services, as HTTP statuses of the public API. */
const BUSINESS_STATUS: Record<number, { status: number; code: string }> = {
  [ProxyErrorCode.AccountNotFound]: { status: 404, code: 'not_found' },
  [ProxyErrorCode.MainAccountFixed]: { status: 409, code: 'main_account_fixed' },
  [ProxyErrorCode.TooManySubAccounts]: { status: 409, code: 'limit_reached' },
  [ProxyErrorCode.NameTaken]: { status: 409, code: 'name_taken' },
  [ProxyErrorCode.AllowedIpInvalid]: { status: 400, code: 'invalid_request' },
  [ProxyErrorCode.AllowedIpDuplicate]: { status: 409, code: 'already_allowed' },
  [ProxyErrorCode.TooManyAllowedIps]: { status: 409, code: 'limit_reached' },
  [ProxyErrorCode.AllowListSpaceFull]: { status: 409, code: 'limit_reached' },
  [ProxyErrorCode.AllowedIpNotFound]: { status: 404, code: 'not_found' },
};

const STATUS_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

const RATE_WINDOW_MS = 60_000;

type Parsed<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;
interface PublicRequest<E extends PublicApiEntry> {
  identity: TokenIdentity;
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
  body: Parsed<E['body']>;
  request: FastifyRequest;
}
type PublicHandler<E extends PublicApiEntry> = (input: PublicRequest<E>) => Promise<z.input<E['response']>>;

/**
 * The public API /api/v1/ (docs/decisions/0022), in a plugin context of its own: its own error
 * shape and not-found answer, bearer `npt_` tokens only (the session plugin never looks at these
 * paths, and a session token never matches a token here), the entry's scope on every operation,
 * and a per-token quota of API_RATE_LIMIT_PER_MINUTE requests a minute (a locked counter row in
 * the database: every instance counts together and 50 requests at once cannot pass it).
 */
async function publicApiPlugin(v1: FastifyInstance, { config }: { config: Pick<Config, 'apiRateLimitPerMinute' | 'proxy'> }) {
  v1.decorateRequest('apiToken', null);

  const send = (reply: FastifyReply, status: number, code: string, message: string, extra = {}) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error: { code, message, ...extra } });

  v1.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof PublicApiError) {
      reply.headers(error.headers);
      return send(reply, error.status, error.code, request.t(error.messageKey, error.params));
    }
    if (error instanceof BusinessError) {
      const mapped = BUSINESS_STATUS[error.code] ?? { status: 422, code: 'rule_broken' };
      return send(reply, mapped.status, mapped.code, request.t(error.messageKey, error.params));
    }
    if (Array.isArray(error.validation) && error.validation.every(isLocalizedValidation)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        fields[issue.params.field || (error.validationContext ?? 'request')] ??= issue.params.messages[request.locale];
      }
      const [first] = Object.entries(fields);
      const detail = first ? `${first[0]}: ${first[1]}` : (error.validationContext ?? 'request');
      return send(reply, 400, 'invalid_request', request.t('error.validation', { detail }), { fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, status, STATUS_CODES[status] ?? 'invalid_request', request.t('error.badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal', request.t('api.server', { requestId: request.id }));
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) => send(reply, 404, 'not_found', request.t('api.notFound'));
  v1.setNotFoundHandler(notFound);
  // The pages' catch-all GET route would otherwise answer an unknown /api/v1/ path.
  v1.all('/*', { schema: { hide: true } }, notFound);

  /**
   * Token, then quota, then scope, then role: a refused scope or role still counts, so probing costs
   * quota too. The role is the token's, capped at its creator's role in the team now (decision 0054).
   */
  const authenticate = (scope: ApiScope, permission: TeamPermission) => async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new PublicApiError(401, 'unauthorized', 'api.noToken', undefined, { 'www-authenticate': 'Bearer' });
    const now = v1.now();
    const found = await resolveApiToken(v1.db, token, now);
    if (!found.ok) {
      const key: MessageKey =
        found.reason === 'revoked' ? 'api.tokenRevoked' : found.reason === 'expired' ? 'api.tokenExpired' : 'api.tokenInvalid';
      throw new PublicApiError(401, 'unauthorized', key, undefined, {
        'www-authenticate': `Bearer error="invalid_token"`,
      });
    }
    const quota = { key: `api:token:${found.identity.tokenId}`, limit: config.apiRateLimitPerMinute, windowMs: RATE_WINDOW_MS };
    const taken = await consume(v1.db, [quota], now);
    if (!taken.ok) {
      const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
      throw new PublicApiError(429, 'rate_limited', 'api.rateLimited', { seconds }, { 'retry-after': String(seconds) });
    }
    if (!found.identity.scopes.includes(scope)) {
      throw new PublicApiError(
        403,
        'forbidden',
        'api.scopeMissing',
        { scope },
        {
          'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
        },
      );
    }
    if (!cappedCan(found.identity.role, found.identity.creatorRole, permission)) {
      throw new PublicApiError(403, 'forbidden', 'error.teamRole');
    }
    request.apiToken = found.identity;
  };

  const RULES = new Map<PublicApiEntry, TeamPermission>(
    Object.entries(publicApi).map(([key, entry]) => [entry, PUBLIC_API_RULES[key as keyof typeof PUBLIC_API_RULES]]),
  );

  const permissionOf = (entry: PublicApiEntry): TeamPermission => {
    const permission = RULES.get(entry);
    if (!permission) throw new Error(`${entry.method} ${entry.path} has no rule in the team role table`);
    return permission;
  };

  function publicRoute<E extends PublicApiEntry>(entry: E, handler: PublicHandler<E>) {
    v1.withTypeProvider<ZodTypeProvider>().route({
      method: entry.method,
      url: toFastifyPath(entry.path).slice('/api/v1'.length),
      schema: {
        // The /app-api document is the portal's; this API has its own (GET /api/v1/openapi.json).
        hide: true,
        ...(entry.query && { querystring: entry.query }),
        ...(entry.params && { params: entry.params }),
        ...(entry.body && { body: entry.body }),
        ...(entry.status !== 204 && { response: { [entry.status]: entry.response } }),
      },
      onRequest: authenticate(entry.scope, permissionOf(entry)),
      handler: async (request, reply) => {
        const identity = request.apiToken;
        if (!identity) throw new PublicApiError(401, 'unauthorized', 'api.noToken');
        const result = await handler({
          identity,
          query: request.query as Parsed<E['query']>,
          params: request.params as Parsed<E['params']>,
          body: request.body as Parsed<E['body']>,
          request,
        });
        reply.header('cache-control', 'no-store');
        if (entry.status === 204) return reply.code(204).send();
        return reply.code(entry.status).send(result);
      },
    });
  }

  const document = publicOpenApiDocument();
  v1.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(document),
  );
  // Swagger UI over this document (`/api/v1/docs`), beside the portal's (`/app-api/docs`).
  await registerDocsPage(v1, '/docs', () => document);

  publicRoute(publicApi.getUsage, async ({ identity, query }) => {
    const now = v1.now().getTime();
    const to = query.to ?? now;
    const range = { ...query, to, from: query.from ?? to - 30 * 86_400_000 };
    const problem = usageRangeProblem(range);
    if (problem) throw new PublicApiError(400, 'invalid_request', USAGE_RANGE_MESSAGES[problem]);
    const [summary, breakdown] = await Promise.all([
      dashboard(v1.db, v1.now(), identity.userId),
      usageBreakdownOf(v1.db, identity.userId, range),
    ]);
    return { ...summary, breakdown };
  });
  publicRoute(publicApi.listOrders, async ({ identity, query }) => {
    const page = await orderPage(v1.db, v1.now(), identity.userId, query);
    return { items: page.list, total: page.total, pageNo: query.pageNo, pageSize: query.pageSize };
  });
  publicRoute(publicApi.listProxyAccounts, async ({ identity }) => ({
    items: await listAccounts(v1.db, v1.now(), identity.userId),
  }));
  publicRoute(publicApi.createProxyAccount, ({ identity, body }) => createSubAccount(v1.db, v1.now(), identity.userId, body));
  publicRoute(publicApi.updateProxyAccount, ({ identity, params, body }) =>
    updateAccount(v1.db, v1.now(), identity.userId, { ...body, id: params.id }),
  );
  publicRoute(publicApi.resetProxyAccountPassword, ({ identity, params }) =>
    resetPassword(v1.db, v1.now(), identity.userId, params.id),
  );
  publicRoute(publicApi.deleteProxyAccount, async ({ identity, params }) => {
    await deleteAccount(v1.db, identity.userId, params.id);
    return null;
  });
  publicRoute(publicApi.listAllowedIps, async ({ identity, params }) => {
    await assertOwnAccount(v1.db, identity.userId, params.id);
    return { items: await listAllowedIps(v1.db, identity.userId, params.id) };
  });
  publicRoute(publicApi.addAllowedIp, ({ identity, params, body }) =>
    addAllowedIp(v1.db, v1.now(), identity.userId, config.proxy.allowListSpace, { ...body, accountId: params.id }),
  );
  publicRoute(publicApi.deleteAllowedIp, async ({ identity, params }) => {
    await deleteAllowedIp(v1.db, identity.userId, params.entryId, params.id);
    return null;
  });
}

/** The user centre's token management (`/app-api/member/api-token/*`) and the public API /api/v1/. */
export async function apiTokensRoutes(
  app: FastifyInstance,
  { config }: { config: Pick<Config, 'apiRateLimitPerMinute' | 'proxy'> },
) {
  route(app, apiTokenApi.apiTokenList, (request) => listApiTokens(app.db, app.now(), currentUser(request).id));
  // The token carries its creator's role in the team (and never more than their role later). A new
  // token is a new way in: with two factors on, it needs a recent check (decision 0056).
  route(
    app,
    apiTokenApi.apiTokenCreate,
    (request) => {
      const { id, memberId, role } = currentUser(request);
      return createApiToken(app.db, app.now(), id, request.body, { memberId, role });
    },
    { recentSecondFactor: true },
  );
  route(app, apiTokenApi.apiTokenRevoke, (request) =>
    revokeApiToken(app.db, app.now(), currentUser(request).id, request.body.id),
  );
  await app.register(publicApiPlugin, { prefix: '/api/v1', config });
}
