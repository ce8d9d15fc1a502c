import { AuthErrorCode, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../test/app.ts';
import { bearer, createTestUser } from '../../test/members.ts';
import { verifyPassword } from './password.ts';
import { OLD_PASSWORD_RULE } from './service.ts';
import { memberUsers } from './tables.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;
const login = (payload: object, { ip = '192.0.2.10', lang = 'en' } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/member/auth/login',
    payload,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });
const token = async (mobile: string | null, password: string) => {
  const body = (await login({ mobile, password }, { ip: freshIp() })).json();
  if (body.code !== 0) throw new Error(JSON.stringify(body));
  return body.data.token as string;
};
const me = (tok: string) => t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(tok) });
const put = (url: string, payload: object, tok: string, lang = 'en') =>
  t.app.inject({ method: 'PUT', url, payload, headers: { ...bearer(tok), 'accept-language': lang } });
const FAILED = { code: AuthErrorCode.LoginFailed, data: null, msg: 'Login failed' };
const locked = (minutes: number, lang: 'en' | 'zh-CN' = 'en') => ({
  code: AuthErrorCode.TooManyAttempts,
  data: null,
  msg: lang === 'en' ? `Too many failed attempts, try again in ${minutes} minutes` : `失败次数过多，请 ${minutes} 分钟后再试`,
});

describe('login by e-mail', () => {
  it('accepts the e-mail address in any case instead of the mobile', async () => {
    const user = await createTestUser(t.app.db, { email: 'mail-login@example.com' });
    expect((await login({ email: 'Mail-Login@Example.com', password: user.password })).json().code).toBe(0);
    expect((await login({ email: 'mail-login@example.com', password: 'Wrong-123' })).json()).toEqual(FAILED);
    expect((await login({ email: 'nobody@example.com', password: user.password })).json()).toEqual(FAILED);
  });

  it('needs exactly one of mobile and email', async () => {
    const none = await login({ password: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ mobile: 'Enter either a mobile number or an e-mail address' });
    const both = await login({ mobile: '13800138000', email: 'a@example.com', password: 'x' });
    expect(both.json().fieldErrors).toEqual({ email: 'Enter either a mobile number or an e-mail address' });
    expect((await login({ email: 'nope', password: 'x' }, { lang: 'zh-CN' })).json().fieldErrors).toEqual({
      email: '请输入正确的邮箱地址',
    });
  });
});

describe('PUT /app-api/ip/member-user/update', () => {
  const UPDATE = '/app-api/ip/member-user/update';

  it('changes the nickname, trimmed', async () => {
    const user = await createTestUser(t.app.db);
    const tok = await token(user.mobile, user.password);
    expect((await put(UPDATE, { nickname: '  小明 Ming  ' }, tok)).json()).toEqual({ code: 0, data: true, msg: '' });
    expect((await me(tok)).json().data.nickname).toBe('小明 Ming');
    expect((await put(UPDATE, { nickname: '字'.repeat(30) }, tok)).json().code).toBe(0);
  });

  it('answers 400 with the localized message for an empty, too long or control-character nickname', async () => {
    const user = await createTestUser(t.app.db);
    const tok = await token(user.mobile, user.password);
    for (const nickname of ['', '   ', '字'.repeat(31), 'a\u0000b', 5]) {
      const res = await put(UPDATE, { nickname }, tok);
      expect(res.statusCode, String(nickname)).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('nickname');
    }
    expect((await put(UPDATE, { nickname: '' }, tok, 'zh-CN')).json().fieldErrors).toEqual({ nickname: '昵称需为 1–30 个字符' });
    expect((await put(UPDATE, {}, tok)).statusCode).toBe(400);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'PUT', url: UPDATE, payload: { nickname: 'x' } });
    expect(res.json().code).toBe(ResultCode.Unauthorized);
  });
});

describe('PUT /app-api/ip/member-user/update-password', () => {
  const CHANGE = '/app-api/ip/member-user/update-password';

  it('needs the current password, keeps the session making the change and ends the others', async () => {
    const user = await createTestUser(t.app.db);
    const current = await token(user.mobile, user.password);
    const other = await token(user.mobile, user.password);
    expect((await put(CHANGE, { oldPassword: user.password, password: 'Changed123' }, current)).json()).toEqual({
      code: 0,
      data: { sessionsRevoked: 1, apiTokensRevoked: 0 },
      msg: '',
    });
    expect((await me(current)).json().code).toBe(0);
    expect((await me(other)).json().code).toBe(ResultCode.Unauthorized);
    const [row] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, user.id));
    expect(await verifyPassword('Changed123', row?.passwordHash ?? '')).toBe(true);
    expect((await login({ mobile: user.mobile, password: user.password }, { ip: freshIp() })).json()).toEqual(FAILED);
  });

  it('refuses a wrong current password in both languages and changes nothing', async () => {
    const user = await createTestUser(t.app.db);
    const tok = await token(user.mobile, user.password);
    const other = await token(user.mobile, user.password);
    expect((await put(CHANGE, { oldPassword: 'Wrong-123', password: 'Changed123' }, tok)).json()).toEqual({
      code: AuthErrorCode.OldPasswordIncorrect,
      data: null,
      msg: 'The current password is incorrect',
    });
    expect((await put(CHANGE, { oldPassword: 'Wrong-123', password: 'Changed123' }, tok, 'zh-CN')).json().msg).toBe(
      '当前密码不正确',
    );
    expect((await me(other)).json().code).toBe(0);
    expect((await login({ mobile: user.mobile, password: user.password }, { ip: freshIp() })).json().code).toBe(0);
  });

  it('applies the new-password rule and requires both fields', async () => {
    const user = await createTestUser(t.app.db);
    const tok = await token(user.mobile, user.password);
    const weak = await put(CHANGE, { oldPassword: user.password, password: 'onlyletters' }, tok);
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors).toEqual({ password: 'Use 8–32 characters with at least one letter and one number' });
    expect((await put(CHANGE, { password: 'Changed123' }, tok)).json().fieldErrors).toHaveProperty('oldPassword');
  });

  it('refuses a common new password with a field message in both languages, and changes nothing', async () => {
    const user = await createTestUser(t.app.db);
    const tok = await token(user.mobile, user.password);
    const res = await put(CHANGE, { oldPassword: user.password, password: 'password1' }, tok);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      password: 'This password is too common and easy to guess, please choose another one',
    });
    const zh = await put(CHANGE, { oldPassword: user.password, password: 'Iloveyou1' }, tok, 'zh-CN');
    expect(zh.json().fieldErrors).toEqual({ password: '该密码过于常见，容易被猜到，请换一个' });
    expect((await login({ mobile: user.mobile, password: user.password }, { ip: freshIp() })).json().code).toBe(0);
  });

  it(`locks the change for 15 minutes after ${OLD_PASSWORD_RULE.limit} wrong current passwords`, async () => {
    const user = await createTestUser(t.app.db);
    const tok = await token(user.mobile, user.password);
    for (let i = 0; i < OLD_PASSWORD_RULE.limit; i++) {
      expect((await put(CHANGE, { oldPassword: `Wrong-${i}`, password: 'Changed123' }, tok)).json().code).toBe(
        AuthErrorCode.OldPasswordIncorrect,
      );
    }
    expect((await put(CHANGE, { oldPassword: user.password, password: 'Changed123' }, tok)).json()).toEqual(locked(15));
    clock.advance(OLD_PASSWORD_RULE.blockMs);
    expect((await put(CHANGE, { oldPassword: user.password, password: 'Changed123' }, tok)).json().code).toBe(0);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({ method: 'PUT', url: CHANGE, payload: { oldPassword: 'a', password: 'Changed123' } });
    expect(res.json().code).toBe(ResultCode.Unauthorized);
  });
});
