import { defineApi, ResultCode } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createTestUser, loginToken } from '../test/members.ts';
import { bearerToken, currentUser } from './auth.ts';
import { route } from './contract.ts';

const whoami = z.object({ userId: z.number().nullable() });
const testApi = {
  secret: defineApi({ method: 'GET', path: '/app-api/test/secret', summary: 't', tags: ['t'], auth: true, data: whoami }),
  open: defineApi({ method: 'GET', path: '/app-api/test/open', summary: 't', tags: ['t'], auth: false, data: whoami }),
};

let t: TestApp;
let handlerRuns = 0;
beforeAll(async () => {
  t = await createTestApp({
    register(app) {
      route(
        app,
        testApi.secret,
        (request) => {
          handlerRuns += 1;
          return { userId: currentUser(request).id };
        },
        { rule: 'personal' },
      );
      route(app, testApi.open, (request) => ({ userId: request.user?.id ?? null }));
    },
  });
});
afterAll(() => t.close());

describe('auth plugin', () => {
  it('runs app.authenticate before auth: true routes: body code 401, handler never called', async () => {
    const res = await t.app.inject({ url: '/app-api/test/secret', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ResultCode.Unauthorized, data: null, msg: 'Login expired, please log in again' });
    expect(handlerRuns).toBe(0);
  });

  it('gives the handler the user of a live token, on protected and public routes alike', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    expect((await t.app.inject({ url: '/app-api/test/secret', headers: bearer(token) })).json().data).toEqual({
      userId: user.id,
    });
    expect((await t.app.inject({ url: '/app-api/test/open', headers: bearer(token) })).json().data).toEqual({ userId: user.id });
    expect(handlerRuns).toBe(1);
  });

  it('leaves request.user null on public routes for a missing or dead token, without failing them', async () => {
    for (const headers of [{}, bearer('A'.repeat(43)), { authorization: 'Token abc' }]) {
      expect((await t.app.inject({ url: '/app-api/test/open', headers })).json()).toEqual({
        code: 0,
        data: { userId: null },
        msg: '',
      });
    }
  });

  it('answers a personal API token at an auth: true route with 1006000000 "not authorised", handler never called', async () => {
    const before = handlerRuns;
    for (const [lang, msg] of [
      ['en', 'Not authorised: a personal API token opens only the public API /api/v1/; log in to use the user centre'],
      ['zh-CN', '无权访问：个人 API 令牌只能用于开放接口 /api/v1/，使用用户中心请先登录'],
    ] as const) {
      const res = await t.app.inject({
        url: '/app-api/test/secret',
        headers: { ...bearer(`npt_${'a'.repeat(40)}`), 'accept-language': lang },
      });
      expect(res.json()).toEqual({ code: ResultCode.NotAuthorised, data: null, msg });
    }
    expect(ResultCode.NotAuthorised).toBe(1_006_000_000);
    expect(handlerRuns).toBe(before);
    // A public route still serves it, as a visitor.
    expect((await t.app.inject({ url: '/app-api/test/open', headers: bearer(`npt_${'a'.repeat(40)}`) })).json().data).toEqual({
      userId: null,
    });
  });

  it('currentUser refuses a request without a user', () => {
    expect(() => currentUser({ user: null, apiTokenBearer: true })).toThrow(
      expect.objectContaining({ code: ResultCode.NotAuthorised }),
    );
    expect(() => currentUser({ user: null })).toThrow(expect.objectContaining({ code: ResultCode.Unauthorized }));
    expect(currentUser({ user: { id: 1, memberId: 1, sessionId: 2, role: 'owner' } })).toEqual({
      id: 1,
      memberId: 1,
      sessionId: 2,
      role: 'owner',
    });
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER  abc ', 'abc'],
    ['Bearer', null],
    ['Bearer ', null],
    ['Bearer a b', null],
    ['Basic abc', null],
    ['abc', null],
    [undefined, null],
  ])('%j → %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
