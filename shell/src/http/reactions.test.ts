// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineApi } from '@portal/shared';
import { authStore, callApi, configureHttp, setSession, uiStore } from '@portal/shared/browser';
import { json, startApiServer } from '../test/api-server.ts';
import { loadLocale } from '../i18n/catalogs.ts';
import { installHttpReactions } from './reactions.ts';

const entry = (path: string) =>
  defineApi({ method: 'GET', path, summary: path, tags: ['test'], auth: false, data: z.object({ ok: z.boolean() }) });
const toast = vi.fn();
const toLogin = vi.fn();
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  // The boot loads the page's language before any call can fail (bootstrap.tsx); both are used here.
  await Promise.all([loadLocale('en'), loadLocale('zh-CN')]);
  server = await startApiServer({
    '/ok': json({ code: 0, data: { ok: true }, msg: '' }),
    '/unauthorized': json({ code: 401, data: null, msg: 'token expired' }),
    '/server-error-body': json({ code: 500, data: null, msg: '库存同步失败，请稍后再试' }),
    '/business': json({ code: 1_004_003_000, data: null, msg: 'Login failed' }),
    '/not-authorised': json({ code: 1_006_000_000, data: null, msg: '无权访问：个人 API 令牌只能用于开放接口 /api/v1/' }),
    '/not-authorised-bare': json({ code: 1_006_000_000, data: null, msg: '' }),
    '/http-500': (_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('boom'),
    '/http-403': (_req, res) =>
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 403, data: null, msg: 'Forbidden' })),
    '/http-403-bare': (_req, res) => res.writeHead(403, { 'content-type': 'text/html' }).end('<h1>403 Forbidden</h1>'),
  });
  installHttpReactions({
    baseUrl: server.baseUrl,
    token: () => authStore.token,
    locale: () => uiStore.locale,
    currentPath: () => '/en/admin/dashboard',
    toLogin,
    toast,
  });
});
afterAll(() => server.close());
beforeEach(() => {
  toast.mockReset();
  toLogin.mockReset();
  uiStore.locale = 'en';
});

describe('fetch client reactions (SPEC section 8)', () => {
  it('sends Accept-Language and the bearer token, and returns data on code 0', async () => {
    setSession('tok-1');
    uiStore.locale = 'zh-CN';
    await expect(callApi(entry('/ok'))).resolves.toEqual({ ok: true });
    const req = server.seen.at(-1);
    expect(req?.headers['accept-language']).toBe('zh-CN');
    expect(req?.headers.authorization).toBe('Bearer tok-1');
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a token', async () => {
    setSession('');
    await callApi(entry('/ok'));
    expect(server.seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('body code Unauthorized: "Login expired", logout, and login with the way back', async () => {
    setSession('stale', { limitBalance: 1 });
    await expect(callApi(entry('/unauthorized'))).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(toast).toHaveBeenCalledWith('error', 'Your session has expired. Please log in again.');
    expect(authStore.token).toBe('');
    expect(authStore.userInfo).toBeNull();
    expect(toLogin).toHaveBeenCalledWith('/en/admin/dashboard');
  });

  it('body code 1006000000 "not authorised": the message, and the session stays (no logout, no login page)', async () => {
    setSession('live', { limitBalance: 1 });
    await expect(callApi(entry('/not-authorised'))).rejects.toMatchObject({ kind: 'not-authorised', code: 1_006_000_000 });
    expect(toast).toHaveBeenCalledWith('error', '无权访问：个人 API 令牌只能用于开放接口 /api/v1/');
    expect(authStore.token).toBe('live');
    expect(authStore.userInfo).not.toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['en', 'You are not authorised to do this'],
    ['zh-CN', '您无权执行此操作'],
  ] as const)('body code 1006000000 without a message: "not authorised" in the current language (%s)', async (locale, text) => {
    uiStore.locale = locale;
    await expect(callApi(entry('/not-authorised-bare'))).rejects.toMatchObject({ kind: 'not-authorised' });
    expect(toast).toHaveBeenCalledWith('error', text);
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('HTTP 403, with the envelope or a proxy\'s page: "not authorised", and the session stays', async () => {
    setSession('live', { limitBalance: 1 });
    await expect(callApi(entry('/http-403'))).rejects.toMatchObject({ kind: 'not-authorised', message: 'Forbidden' });
    expect(toast).toHaveBeenLastCalledWith('error', 'Forbidden');
    await expect(callApi(entry('/http-403-bare'))).rejects.toMatchObject({ kind: 'not-authorised' });
    expect(toast).toHaveBeenLastCalledWith('error', 'You are not authorised to do this');
    expect(authStore.token).toBe('live');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it("body code ServerError: the server's own message", async () => {
    await expect(callApi(entry('/server-error-body'))).rejects.toMatchObject({ kind: 'business', code: 500 });
    expect(toast).toHaveBeenCalledWith('error', '库存同步失败，请稍后再试');
  });

  it('HTTP 500: "Server error" in the current language', async () => {
    uiStore.locale = 'zh-CN';
    await expect(callApi(entry('/http-500'))).rejects.toMatchObject({ kind: 'http' });
    expect(toast).toHaveBeenCalledWith('error', '服务器错误，请稍后再试');
  });

  it('timeout: "Timeout" once a call has waited 15 s, the timeout of the client as the shell installs it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A server that never answers: only the client's own timer (never set by this test) ends the call.
      configureHttp({
        fetch: (_input, init) =>
          new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      });
      const outcome = callApi(entry('/slow')).then(
        () => 'answered',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(14_999);
      expect(toast).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toMatchObject({ kind: 'timeout' });
      expect(toast).toHaveBeenCalledWith('error', 'The request timed out. Please try again.');
    } finally {
      configureHttp({ fetch: undefined });
      vi.useRealTimers();
    }
  });

  it('other business codes are left to the caller, and silent calls react to nothing', async () => {
    await expect(callApi(entry('/business'))).rejects.toMatchObject({ kind: 'business', message: 'Login failed' });
    await expect(callApi(entry('/unauthorized'), undefined, { silent: true })).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(toast).not.toHaveBeenCalled();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('an unreachable server: a network message', async () => {
    configureHttp({ baseUrl: 'http://127.0.0.1:9' });
    await expect(callApi(entry('/ok'))).rejects.toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledWith('error', 'Network error, please check your connection');
    configureHttp({ baseUrl: server.baseUrl });
  });
});
