import { type ApiData, type ApiEntry, api, can, envelope, ROUTE_RULES, type RouteRule } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notAuthorised } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the auth plugin (plugins/auth.ts); routes whose contract entry says `auth: true` run it first. */
    authenticate?: preHandlerHookHandler;
    /**
     * Set by the two-factor module: refuses a member with two factors on whose session has no
     * second-factor check within the step-up window (docs/decisions/0056). Routes opt in with
     * `route(app, entry, handler, { recentSecondFactor: true })`.
     */
    requireRecentSecondFactor?: preHandlerHookHandler;
  }
}

export interface RouteOptions {
  /** A sensitive action: the caller's second factor must have been checked within the last minutes. */
  recentSecondFactor?: boolean;
  /** The team-role rule of an entry outside `api` (a test's own); `api` entries take theirs from the role table. */
  rule?: RouteRule;
}

// Entries declare `query?: Q`: strip the `undefined` of the optional property, keep the schema's output.
type Parsed<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

/** The request a contract handler sees: query, params and body already validated and typed. */
export type ContractRequest<E extends ApiEntry> = Omit<FastifyRequest, 'query' | 'params' | 'body'> & {
  query: Parsed<E['query']>;
  params: Parsed<E['params']>;
  body: Parsed<E['body']>;
};

export type ContractHandler<E extends ApiEntry> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => ApiData<E> | Promise<ApiData<E>>;

/** Each contract entry's rule in the team role table (decision 0054), by entry. */
const RULES = new Map<ApiEntry, RouteRule>(
  Object.entries(api).map(([key, entry]) => [entry as ApiEntry, ROUTE_RULES[key as keyof typeof ROUTE_RULES]]),
);

/**
 * The rule of a signed-in entry; start-up fails for one without a rule (or marked public), never
 * serves it unchecked. An entry outside `api` (a test's own) states its rule at registration.
 */
export function ruleOf(entry: ApiEntry, stated?: RouteRule): RouteRule {
  const rule = RULES.get(entry) ?? stated;
  if (!rule || rule === 'public') {
    throw new Error(
      `${entry.method} ${entry.path} requires auth but has no rule in the team role table (shared/src/teams/roles.ts)`,
    );
  }
  return rule;
}

/** Name of the OpenAPI security scheme of `auth: true` routes (declared in openapi.ts). */
export const BEARER_AUTH = 'bearerAuth';

/** `/app-api/ip/recharge-order/getStatus/{id}` (OpenAPI style in the contract) → `.../:id` (Fastify). */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The role check of a signed-in entry: `personal` needs a session only; a permission needs the
 * member's role in the session's team to hold it, else "your role in this team can't do this"
 * (body code 1006000000, like any refusal of a known caller: the client keeps the session). Runs
 * before validation, so a role is refused the same whatever it sent.
 */
export function requireRole(rule: RouteRule): preHandlerHookHandler {
  return async (request) => {
    // No session: app.authenticate answers (401, or "not authorised" for an API token).
    if (rule === 'personal' || rule === 'public' || !request.user) return;
    if (!can(request.user.role, rule)) throw notAuthorised('error.teamRole');
  };
}

/**
 * Registers one shared-contract entry. The handler returns `data`; this wraps it in
 * `{ code: 0, data, msg: '' }`. Failures are thrown (BusinessError, zod) and shaped by errors.ts.
 * Entries with `auth: true` run app.authenticate first (body code 401 without a live session);
 * their handlers read the user with currentUser(request). `recentSecondFactor` adds the step-up check
 * after the login check.
 */
export function route<E extends ApiEntry>(
  app: FastifyInstance,
  entry: E,
  handler: ContractHandler<E>,
  options: RouteOptions = {},
): void {
  // Fail at start-up rather than serve a protected route to anyone.
  if (entry.auth && !app.authenticate) {
    throw new Error(`${entry.method} ${entry.path} requires auth but no auth plugin is registered`);
  }
  const rule = entry.auth ? ruleOf(entry, options.rule) : 'public';
  if (options.recentSecondFactor && (!entry.auth || !app.requireRecentSecondFactor)) {
    throw new Error(
      `${entry.method} ${entry.path} asks for a recent second factor but is public or no two-factor plugin is registered`,
    );
  }
  const preHandler = [
    ...(entry.auth && app.authenticate ? [app.authenticate] : []),
    ...(options.recentSecondFactor && app.requireRecentSecondFactor ? [app.requireRecentSecondFactor] : []),
  ];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: entry.method,
    url: toFastifyPath(entry.path),
    schema: {
      summary: entry.summary,
      tags: entry.tags,
      ...(entry.query && { querystring: entry.query }),
      ...(entry.params && { params: entry.params }),
      ...(entry.body && { body: entry.body }),
      response: { 200: envelope(entry.data) },
      ...(entry.auth && { security: [{ [BEARER_AUTH]: [] }] }),
    },
    ...(entry.auth && { preValidation: requireRole(rule) }),
    ...(preHandler.length > 0 && { preHandler }),
    handler: async (request, reply) => {
      const data = await handler(request as unknown as ContractRequest<E>, reply);
      return { code: 0, data, msg: '' };
    },
  });
}
