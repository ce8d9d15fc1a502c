import { api } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { toFastifyPath } from './contract.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('lists every contract route with its summary, tags and envelope response', async () => {
    const res = await t.app.inject('/app-api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const entry of Object.values(api)) {
      const path = toFastifyPath(entry.path).replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[entry.method.toLowerCase()];
      expect(op, `${entry.method} ${entry.path}`).toMatchObject({ summary: entry.summary, tags: entry.tags });
      const schema = op.responses['200'].content['application/json'].schema;
      expect(Object.keys(schema.properties).sort()).toEqual(['code', 'data', 'msg']);
      // Logged-in calls declare the bearer scheme, so Swagger UI can send the token.
      expect(op.security, `${entry.method} ${entry.path}`).toEqual(entry.auth ? [{ bearerAuth: [] }] : undefined);
    }
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/healthz']).toBeDefined();
    // Static files and the registry are not API.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/remotes') || p === '/*')).toEqual([]);
  });

  it('serves Swagger UI', async () => {
    const res = await t.app.inject('/app-api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('converts contract path parameters to Fastify syntax', () => {
    expect(toFastifyPath('/app-api/ip/recharge-order/getStatus/{id}')).toBe('/app-api/ip/recharge-order/getStatus/:id');
  });
});
