import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BEARER_AUTH } from './contract.ts';

/**
 * The documentation pages (Swagger UI), one per OpenAPI document: the portal's `/app-api` and the
 * public API `/api/v1` (modules/api-tokens). They are pages, not API answers, and get the page CSP
 * of plugins/security-headers.ts made for them.
 */
export const DOCS_PAGES = ['/app-api/docs', '/api/v1/docs'] as const;

/** Whether a request URL is a documentation page or one of its files. */
export const isDocsPath = (url: string) =>
  DOCS_PAGES.some((page) => url === page || url.startsWith(`${page}/`) || url.startsWith(`${page}?`));

/**
 * Swagger UI at `routePrefix` (below the scope's own prefix) showing `document`, or the portal's
 * document when none is given. Each page sits in a plugin context of its own: @fastify/swagger-ui
 * decorates the instance it is registered on, and two on one instance would collide.
 *
 * The page runs under a CSP without 'unsafe-inline' (security-headers.ts): its configuration is a
 * script file, not an inline script, and the layout is Swagger UI's BaseLayout, without the
 * standalone top bar, whose Swagger logo is an SVG carrying an inline <style> element (the one
 * thing the policy blocked; the bar's "Explore" box, loading any other document, is not wanted
 * here either). The validator badge, an image from validator.swagger.io, is off (its default here).
 */
export async function registerDocsPage(app: FastifyInstance, routePrefix: string, document?: () => unknown): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifySwaggerUi, {
      routePrefix,
      // The page links its files by absolute path, which must include the scope's prefix (/api/v1).
      ...(app.prefix && { indexPrefix: app.prefix }),
      uiConfig: { layout: 'BaseLayout' },
      ...(document && {
        transformSpecification: () => document() as Record<string, unknown>,
        transformSpecificationClone: false,
      }),
    });
  });
}

/**
 * OpenAPI generated from the same zod schemas the routes validate with: the document cannot drift
 * from the code. JSON at /app-api/openapi.json, Swagger UI at /app-api/docs.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Proxy portal API',
          version: '1.0.0',
          description: 'Every answer is { code, data, msg }; code 0 is success.',
        },
        components: {
          securitySchemes: {
            // The token of POST /app-api/member/auth/login; a missing or dead one is body code 401.
            [BEARER_AUTH]: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await registerDocsPage(app, '/app-api/docs');
    app.get('/app-api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
