import { API_SCOPES, type PublicApiEntry, publicApi, publicApiError } from '@portal/shared';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Query or path parameters: one per property of the object schema. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const SCOPE_TEXT: Record<(typeof API_SCOPES)[number], string> = {
  'usage:read': 'Read the balance, daily usage and recharge orders',
  'proxy:write': 'Manage proxy accounts (with their passwords) and their IP allow-lists',
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operation(entry: PublicApiEntry) {
  const responses: Record<string, unknown> = {
    [entry.status]:
      entry.status === 204
        ? { description: 'Done' }
        : { description: 'Success', content: { 'application/json': { schema: schemaOf(entry.response, 'output') } } },
    400: errorResponse('invalid_request: a parameter or the body is invalid (see error.fields)'),
    401: errorResponse('unauthorized: no token, or a malformed, unknown, revoked or expired one'),
    403: errorResponse(`forbidden: the token lacks the scope ${entry.scope}`),
    429: {
      ...errorResponse('rate_limited: too many requests with this token; wait Retry-After seconds'),
      headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } },
    },
  };
  if (entry.params) responses[404] = errorResponse('not_found: no such resource of yours');
  if (entry.method !== 'GET') responses[409] = errorResponse('conflict with a rule (name taken, limit reached, main account)');
  return {
    operationId: entry.operationId,
    summary: entry.summary,
    tags: entry.tags,
    security: [{ apiToken: [entry.scope] }],
    'x-required-scope': entry.scope,
    parameters: [...parameters(entry.params, 'path'), ...parameters(entry.query, 'query')],
    ...(entry.body && {
      requestBody: { required: true, content: { 'application/json': { schema: schemaOf(entry.body, 'input') } } },
    }),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of /api/v1/, generated from the same zod schemas the routes validate
 * and serialise with (shared/src/contract/api-tokens.ts): it cannot drift from the code.
 */
export function publicOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of Object.values(publicApi) as PublicApiEntry[]) {
    paths[entry.path] ??= {};
    (paths[entry.path] as Record<string, unknown>)[entry.method.toLowerCase()] = operation(entry);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Proxy portal public API',
      version: '1',
      description:
        'Automate your account with a personal API token (user centre → API tokens). Send it as ' +
        '`Authorization: Bearer npt_…`. Answers are plain JSON resources; refusals are ' +
        '`{ "error": { "code", "message" } }` with the HTTP status. Messages follow Accept-Language (en or zh-CN). ' +
        `Scopes: ${API_SCOPES.map((s) => `${s} (${SCOPE_TEXT[s]})`).join('; ')}.`,
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token: npt_ and 43 characters' },
      },
      schemas: { Error: schemaOf(publicApiError, 'output') },
    },
    paths,
  };
}
