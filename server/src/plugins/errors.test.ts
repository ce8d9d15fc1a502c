import { defineApi, pageQuery, ResultCode } from '@portal/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.ts';
import { route } from './contract.ts';
import { BusinessError, unauthorized } from './errors.ts';

const testApi = {
  list: defineApi({
    method: 'GET',
    path: '/app-api/test/list',
    summary: 'test',
    tags: ['test'],
    auth: false,
    query: pageQuery.extend({ email: z.email().optional() }),
    data: z.object({ pageNo: z.number(), pageSize: z.number() }),
  }),
  item: defineApi({
    method: 'GET',
    path: '/app-api/test/item/{id}',
    summary: 'test',
    tags: ['test'],
    auth: false,
    params: z.object({ id: z.coerce.number().int().positive() }),
    data: z.object({ id: z.number() }),
  }),
  create: defineApi({
    method: 'POST',
    path: '/app-api/test/create',
    summary: 'test',
    tags: ['test'],
    auth: false,
    body: z.object({ name: z.string().min(2), age: z.number().int() }),
    data: z.object({ name: z.string() }),
  }),
  business: defineApi({ method: 'GET', path: '/app-api/test/business', summary: 't', tags: ['t'], auth: false, data: z.null() }),
  unauthorized: defineApi({
    method: 'GET',
    path: '/app-api/test/unauth',
    summary: 't',
    tags: ['t'],
    auth: false,
    data: z.null(),
  }),
  crash: defineApi({ method: 'GET', path: '/app-api/test/crash', summary: 't', tags: ['t'], auth: false, data: z.null() }),
  database: defineApi({
    method: 'GET',
    path: '/app-api/test/database',
    summary: 't',
    tags: ['t'],
    auth: false,
    query: z.object({ value: z.enum(['overflow', 'nul', 'divide']) }),
    data: z.null(),
  }),
};

/** Values a schema with a gap would let through to PostgreSQL, and a fault of the server's own arithmetic. */
const DATABASE_QUERIES = {
  overflow: sql`select ${'2147483648'}::int4`,
  nul: sql`select ${'a\u0000b'}::text`,
  divide: sql`select 1 / ${0}::int4`,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    register(app) {
      route(app, testApi.list, (req) => ({ pageNo: req.query.pageNo, pageSize: req.query.pageSize }));
      route(app, testApi.item, (req) => ({ id: req.params.id }));
      route(app, testApi.create, (req) => ({ name: req.body.name }));
      route(app, testApi.business, () => {
        throw new BusinessError(1_004_001_000, 'site.notConfigured');
      });
      route(app, testApi.unauthorized, () => {
        throw unauthorized();
      });
      route(app, testApi.database, async (req) => {
        await app.db.execute(DATABASE_QUERIES[req.query.value]);
        return null;
      });
      route(app, testApi.crash, () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
    },
  });
});
afterAll(() => t.close());

const get = (url: string, lang = 'en') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('contract routes', () => {
  it('wrap the handler result in the envelope, with coerced and defaulted input', async () => {
    const res = await get('/app-api/test/list?pageSize=20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, data: { pageNo: 1, pageSize: 20 }, msg: '' });
    expect((await get('/app-api/test/item/42')).json()).toEqual({ code: 0, data: { id: 42 }, msg: '' });
  });

  it('refuse to register an auth route while no auth plugin exists', async () => {
    const bare = Fastify();
    try {
      const entry = { ...testApi.business, path: '/app-api/test/secret', auth: true };
      expect(() => route(bare, entry, () => null)).toThrow(/requires auth/);
    } finally {
      await bare.close();
    }
  });
});

describe('validation errors', () => {
  it('answer 400 with a localized summary and field messages in English', async () => {
    const res = await get('/app-api/test/list?pageNo=0&email=nope', 'en-US,en;q=0.9');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: ResultCode.BadRequest, data: null });
    expect(body.msg).toMatch(/^Invalid request: pageNo: /);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'pageNo']);
    expect(body.fieldErrors.pageNo).toMatch(/>=\s*1/);
    expect(body.fieldErrors.email).toMatch(/email/i);
  });

  it('answer in Chinese for zh-CN and by default', async () => {
    for (const lang of ['zh-CN', '']) {
      const res = await get('/app-api/test/list?pageNo=0', lang);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.msg).toMatch(/^请求参数有误：pageNo: /);
      expect(body.fieldErrors.pageNo).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('cover path params and JSON bodies', async () => {
    expect((await get('/app-api/test/item/abc')).json()).toMatchObject({ code: 400, fieldErrors: { id: expect.any(String) } });
    const res = await t.app.inject({ method: 'POST', url: '/app-api/test/create', payload: { name: 'x', age: 1.5 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['age', 'name']);
  });

  it('answer 400, never 500, for malformed JSON or a missing body', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/create',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 400, data: null, msg: 'Bad request' });
    const missing = await t.app.inject({ method: 'POST', url: '/app-api/test/create' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(400);
  });

  it('answer 400 for a malformed URL escape', async () => {
    for (const url of ['/app-api/test/%E0%A4%A', '/buy/%E0%A4%A']) {
      const res = await get(url, 'en');
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 400, data: null, msg: 'Bad request' });
    }
  });
});

describe('other failures', () => {
  it('a BusinessError is HTTP 200 with its code and localized message', async () => {
    const res = await get('/app-api/test/business', 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1_004_001_000, data: null, msg: '站点信息尚未配置' });
  });

  it('unauthenticated is HTTP 200 with body code 401', async () => {
    const res = await get('/app-api/test/unauth');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ResultCode.Unauthorized, data: null, msg: 'Login expired, please log in again' });
  });

  it('an unknown /app-api path is a 404 envelope, whatever the method', async () => {
    const res = await get('/app-api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, msg: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/app-api/getIp', headers: { 'accept-language': 'zh-CN' } });
    expect(post.json()).toEqual({ code: 404, data: null, msg: '请求的资源不存在' });
  });

  it('a value the database cannot hold is a 400 (a gap in the contract), its own arithmetic fault a 500', async () => {
    for (const value of ['overflow', 'nul']) {
      const res = await get(`/app-api/test/database?value=${value}`, 'zh-CN');
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toEqual({ code: 400, data: null, msg: '请求无效' });
    }
    expect((await get('/app-api/test/database?value=divide')).statusCode).toBe(500);
  });

  it('an unexpected throw is a 500 with a request id and no internals', async () => {
    const res = await get('/app-api/test/crash');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ code: 500, data: null, msg: 'Server error', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });
});
