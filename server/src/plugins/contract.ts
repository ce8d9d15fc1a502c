import { type ApiData, type ApiEntry, envelope } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the auth plugin (plugins/auth.ts); routes whose contract entry says `auth: true` run it first. */
    authenticate?: preHandlerHookHandler;
  }
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
 * their handlers read the user with currentUser(request).
 */
export function route<E extends ApiEntry>(app: FastifyInstance, entry: E, handler: ContractHandler<E>): void {
  // Fail at start-up rather than serve a protected route to anyone.
  if (entry.auth && !app.authenticate) {
    throw new Error(`${entry.method} ${entry.path} requires auth but no auth plugin is registered`);
  }
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
    ...(entry.auth && app.authenticate && { preHandler: app.authenticate }),
    handler: async (request, reply) => {
      const data = await handler(request as unknown as ContractRequest<E>, reply);
      return { code: 0, data, msg: '' };
    },
  });
}
