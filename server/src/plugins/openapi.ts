import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { BEARER_AUTH } from './contract.ts';

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
    await app.register(fastifySwaggerUi, { routePrefix: '/app-api/docs' });
    app.get('/app-api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'openapi' },
);
