import { AuthErrorCode, envelope, IdentificationStatus, loginResult, memberUserInfo, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { hashToken, SESSION_REFRESH_INTERVAL_MS, SESSION_TTL_MS } from './sessions.ts';
import { memberSessions, memberUsers } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/app-api/member/auth/login';
const ME = '/app-api/ip/member-user/get';
const LOGOUT = '/app-api/member/auth/logout';

const login = (payload: unknown, lang = 'en') =>
  t.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, headers: { 'accept-language': lang } });
const me = (headers: Record<string, string> = {}, lang = 'en') =>
  t.app.inject({ url: ME, headers: { 'accept-language': lang, ...headers } });
const logout = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: LOGOUT, headers: { 'accept-language': 'en', ...headers } });
const sessionOf = async (token: string) => {
  const [row] = await t.database.db
    .select()
    .from(memberSessions)
    .where(eq(memberSessions.tokenHash, hashToken(token)));
  if (!row) throw new Error('no session row');
  return row;
};
const LOGIN_EXPIRED = { code: ResultCode.Unauthorized, data: null, msg: 'Login expired, please log in again' };

describe('POST /app-api/member/auth/login', () => {
  it('returns a 43-character token and its expiry in 7 days; stores only its hash', async () => {
    const user = await createTestUser(t.database.db);
    const before = Date.now();
    const res = await login({ mobile: user.mobile, password: user.password, captchaVerification: 'ignored-for-now' });
    expect(res.statusCode).toBe(200);
    const body = envelope(loginResult).parse(res.json());
    expect(body.code).toBe(0);
    expect(body.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data?.expiresAt).toBeGreaterThanOrEqual(before + SESSION_TTL_MS);
    expect(body.data?.expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);
    const session = await sessionOf(body.data?.token ?? '');
    expect(session.userId).toBe(user.id);
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session.expiresAt.getTime()).toBe(body.data?.expiresAt);
  });

  it('answers an unknown mobile and a wrong password with the same message, in en and zh-CN', async () => {
    const user = await createTestUser(t.database.db);
    for (const [lang, msg] of [
      ['en', 'Login failed'],
      ['zh-CN', '登录失败'],
      ['zh-CN,zh;q=0.9,en;q=0.8', '登录失败'],
    ] as const) {
      const wrongPassword = await login({ mobile: user.mobile, password: 'Wrong@123' }, lang);
      const unknownMobile = await login({ mobile: '13700000000', password: user.password }, lang);
      for (const res of [wrongPassword, unknownMobile]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ code: AuthErrorCode.LoginFailed, data: null, msg });
      }
    }
    expect(await t.database.db.$count(memberSessions, eq(memberSessions.userId, user.id))).toBe(0);
  });

  it('answers 400 with a localized field message for a mobile that is not a valid number', async () => {
    for (const mobile of ['12800138000', '1380013800', '138001380001', '+8612800138000', '4155550123', 'abc']) {
      const res = await login({ mobile, password: 'x' });
      expect(res.statusCode, mobile).toBe(400);
      expect(res.json(), mobile).toMatchObject({
        code: ResultCode.BadRequest,
        msg: 'Invalid request: mobile: Enter a valid mobile number',
        fieldErrors: { mobile: 'Enter a valid mobile number' },
      });
    }
    const zh = await login({ mobile: '12345', password: 'x' }, 'zh-CN');
    expect(zh.json().fieldErrors).toEqual({ mobile: '请输入正确的手机号码' });
  });

  it('answers 400 for a missing or empty password', async () => {
    expect((await login({ mobile: '13800138000' })).json().fieldErrors).toHaveProperty('password');
    expect((await login({ mobile: '13800138000', password: '' })).json().fieldErrors).toHaveProperty('password');
  });

  it('prunes the revoked and expired sessions of the user at the next login', async () => {
    const user = await createTestUser(t.database.db);
    const first = await loginToken(t.app, user.mobile ?? '', user.password);
    await logout(bearer(first));
    await loginToken(t.app, user.mobile ?? '', user.password);
    const rows = await t.database.db.select().from(memberSessions).where(eq(memberSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revokedAt).toBeNull();
  });
});

describe('GET /app-api/ip/member-user/get', () => {
  it('returns the user info with masked contacts', async () => {
    const user = await createTestUser(t.database.db, { email: 'Alice@Example.com', nickname: 'Alice', limitBalance: 2048 });
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(200);
    const body = envelope(memberUserInfo).parse(res.json());
    expect(body).toEqual({
      code: 0,
      msg: '',
      data: {
        id: user.id,
        nickname: 'Alice',
        mobile: `${user.mobile?.slice(0, 3)}****${user.mobile?.slice(-4)}`,
        email: 'a***@example.com',
        limitBalance: 2048,
        identificationStatus: IdentificationStatus.Pending,
        certificationType: null,
        createdAt: user.createdAt.getTime(),
      },
    });
  });

  it('answers body code 401 in the caller language without a usable token', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${'A'.repeat(43)}` },
    ];
    for (const headers of headerSets) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toEqual(LOGIN_EXPIRED);
    }
    expect((await me({}, 'zh-CN')).json()).toEqual({ code: 401, data: null, msg: '登录已过期，请重新登录' });
  });

  it('accepts the scheme in any case', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    expect((await me({ authorization: `bearer ${token}` })).json().code).toBe(0);
  });

  it('answers 401 once the session has expired', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    await t.database.db
      .update(memberSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberSessions.tokenHash, hashToken(token)));
    expect((await me(bearer(token))).json()).toEqual(LOGIN_EXPIRED);
  });

  it('reflects certification and balance changes', async () => {
    const user = await createTestUser(t.database.db);
    await t.database.db
      .update(memberUsers)
      .set({ identificationStatus: IdentificationStatus.Success, certificationType: 1, limitBalance: 5 })
      .where(eq(memberUsers.id, user.id));
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    expect((await me(bearer(token))).json().data).toMatchObject({
      identificationStatus: 3,
      certificationType: 1,
      limitBalance: 5,
    });
  });
});

describe('POST /app-api/member/auth/logout', () => {
  it('revokes the session: the token no longer works, other sessions still do', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const other = await loginToken(t.app, user.mobile ?? '', user.password);
    expect((await logout(bearer(token))).json()).toEqual({ code: 0, data: true, msg: '' });
    expect((await sessionOf(token)).revokedAt).toBeInstanceOf(Date);
    expect((await me(bearer(token))).json()).toEqual(LOGIN_EXPIRED);
    expect((await me(bearer(other))).json().code).toBe(0);
    // Logging out again with the dead token is the usual 401.
    expect((await logout(bearer(token))).json()).toEqual(LOGIN_EXPIRED);
  });

  it('answers 401 without a token', async () => {
    expect((await logout()).json()).toEqual(LOGIN_EXPIRED);
  });
});

describe('sliding expiry', () => {
  it('extends the session to now + 7 days when it was last refreshed over the interval (5 minutes) ago', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const twoHoursAgo = new Date(Date.now() - 2 * SESSION_REFRESH_INTERVAL_MS);
    const soon = new Date(Date.now() + 60_000);
    await t.database.db
      .update(memberSessions)
      .set({ lastUsedAt: twoHoursAgo, expiresAt: soon })
      .where(eq(memberSessions.tokenHash, hashToken(token)));
    const before = Date.now();
    expect((await me(bearer(token))).json().code).toBe(0);
    const session = await sessionOf(token);
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_TTL_MS);
    expect(session.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('does not write again within the interval', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const withinInterval = new Date(Date.now() - SESSION_REFRESH_INTERVAL_MS / 2);
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS - SESSION_REFRESH_INTERVAL_MS / 2);
    await t.database.db
      .update(memberSessions)
      .set({ lastUsedAt: withinInterval, expiresAt })
      .where(eq(memberSessions.tokenHash, hashToken(token)));
    expect((await me(bearer(token))).json().code).toBe(0);
    const session = await sessionOf(token);
    expect(session.lastUsedAt.getTime()).toBe(withinInterval.getTime());
    expect(session.expiresAt.getTime()).toBe(expiresAt.getTime());
  });
});
