import { type ApiData, type ApiEntry, envelope } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

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

/** Name of the OpenAPI security scheme of `auth: true` routes (declared in openapi.ts). */
export const BEARER_AUTH = 'bearerAuth';

/** `/app-api/ip/recharge-order/getStatus/{id}` (OpenAPI style in the contract) → `.../:id` (Fastify). */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

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
    ...(preHandler.length > 0 && { preHandler }),
    handler: async (request, reply) => {
      const data = await handler(request as unknown as ContractRequest<E>, reply);
      return { code: 0, data, msg: '' };
    },
  });
}
