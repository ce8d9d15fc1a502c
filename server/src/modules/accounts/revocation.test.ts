import { ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../test/app.ts';
import { bearer, createTestUser } from '../../test/members.ts';
import { apiTokens } from '../api-tokens/tables.ts';
import { memberUsers } from './tables.ts';

/**
 * What a password reset and a password change end (issue 27, finding 2): a reset ends every session
 * and every API token; a change ends the other sessions and, unless the member unticks it, the
 * tokens. Both tell the member what was ended, in their language, on every channel they have.
 */
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `198.18.0.${++ipCounter}`;

const post = (
  url: string,
  payload: object,
  { lang = 'en', ip = freshIp(), token }: { lang?: string; ip?: string; token?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
  });
async function session(login: object, lang = 'en'): Promise<string> {
  const body = (await post('/app-api/member/auth/login', login, { lang })).json();
  if (body.code !== 0) throw new Error(JSON.stringify(body));
  return body.data.token;
}
async function apiToken(session: string, scopes = ['proxy:write']): Promise<string> {
  const body = (await post('/app-api/member/api-token/create', { name: 'deploy script', scopes }, { token: session })).json();
  if (body.code !== 0) throw new Error(JSON.stringify(body));
  return body.data.secret;
}
/** The proxy accounts through the public API (their passwords included): 200 or 401. */
const readAccounts = (token: string) =>
  t.app.inject({ url: '/api/v1/proxy-accounts', headers: { ...bearer(token), 'accept-language': 'en' } });
const me = (session: string) => t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(session) });
const changePassword = (session: string, body: object, lang = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: '/app-api/ip/member-user/update-password',
    payload: body,
    headers: { ...bearer(session), 'accept-language': lang },
  });
async function outbox(to: string) {
  const res = await t.app.inject({ url: `/sandbox/outbox.json?to=${encodeURIComponent(to)}` });
  return res.json().messages as { channel: string; subject: string; body: string; code: string | null }[];
}
async function resetByCode(destination: { mobile: string } | { email: string }, password: string, lang = 'en') {
  expect((await post('/app-api/member/auth/send-sms-code', { ...destination, scene: 3 }, { lang })).json().code).toBe(0);
  const to = 'mobile' in destination ? destination.mobile : destination.email;
  const code = (await outbox(to)).find((m) => m.code)?.code;
  const res = await post('/app-api/member/auth/reset-password', { ...destination, code, password }, { lang });
  expect(res.json()).toEqual({ code: 0, data: true, msg: '' });
}

let mailCounter = 0;
const member = () => createTestUser(t.app.db, { email: `revoke-${process.pid}-${++mailCounter}@example.com` });

describe('password reset', () => {
  it('ends every session and every API token of the member, on the next request', async () => {
    const user = await member();
    const mobile = user.mobile as string;
    const phone = await session({ mobile, password: user.password });
    const laptop = await session({ email: user.email, password: user.password });
    const script = await apiToken(phone);
    const usage = await apiToken(laptop, ['usage:read']);
    expect((await readAccounts(script)).statusCode).toBe(200);

    await resetByCode({ mobile }, 'After-reset-2026');

    expect((await me(phone)).json().code).toBe(ResultCode.Unauthorized);
    expect((await me(laptop)).json().code).toBe(ResultCode.Unauthorized);
    const refused = await readAccounts(script);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual({ code: 'unauthorized', message: 'This API token has been revoked' });
    expect((await t.app.inject({ url: '/api/v1/usage', headers: bearer(usage) })).statusCode).toBe(401);
    const rows = await t.app.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('tells the member what was ended, on every channel they have, in their language', async () => {
    const user = await member();
    const mobile = user.mobile as string;
    // The member's language is the one they last signed in with (Chinese); the reset asks in English.
    const a = await session({ mobile, password: user.password }, 'zh-CN');
    await session({ mobile, password: user.password }, 'zh-CN');
    await apiToken(a);
    await apiToken(a);
    await apiToken(a);
    await resetByCode({ mobile }, 'After-reset-2026', 'en');

    const sms = (await outbox(mobile)).filter((m) => !m.code);
    const mail = await outbox(user.email as string);
    expect(sms).toHaveLength(1);
    expect(mail).toHaveLength(1);
    for (const notice of [sms[0], mail[0]]) {
      expect(notice?.subject).toBe('您的诺瓦代理密码已重置');
      expect(notice?.body).toContain('已退出 2 个登录会话，并撤销了 3 个 API 令牌');
    }
    expect(sms[0]?.channel).toBe('sms');
    expect(mail[0]?.channel).toBe('email');
  });

  it('reads English to a member who signs in in English, with the counts as they are', async () => {
    const user = await member();
    await session({ email: user.email, password: user.password }, 'en');
    await resetByCode({ email: user.email as string }, 'After-reset-2026', 'zh-CN');
    const [mail] = await outbox(user.email as string).then((all) => all.filter((m) => !m.code));
    expect(mail?.subject).toBe('Your NovaProxy password was reset');
    expect(mail?.body).toContain('We signed out 1 session and revoked no API tokens.');
  });
});

describe('password change', () => {
  it('ends the other sessions and every API token by default, keeps the current session, and says so', async () => {
    const user = await member();
    const mobile = user.mobile as string;
    const current = await session({ mobile, password: user.password });
    const other = await session({ mobile, password: user.password });
    const script = await apiToken(other);
    const second = await apiToken(current);
    expect((await readAccounts(script)).statusCode).toBe(200);

    const res = await changePassword(current, { oldPassword: user.password, password: 'Changed-2026' });
    expect(res.json().code).toBe(0);

    expect((await readAccounts(script)).statusCode).toBe(401);
    expect((await readAccounts(second)).statusCode).toBe(401);
    expect((await me(current)).json().code).toBe(0);
    expect((await me(other)).json().code).toBe(ResultCode.Unauthorized);
    expect(res.json()).toEqual({ code: 0, msg: '', data: { sessionsRevoked: 1, apiTokensRevoked: 2 } });
    const [notice] = (await outbox(user.email as string)).filter((m) => !m.code);
    expect(notice?.subject).toBe('Your NovaProxy password was changed');
    expect(notice?.body).toContain('We signed out 1 other session and revoked 2 API tokens.');
    expect((await outbox(mobile)).filter((m) => !m.code)).toHaveLength(1);
  });

  it('keeps the API tokens working when the member unticks the box, and still ends the other sessions', async () => {
    const user = await member();
    const mobile = user.mobile as string;
    const current = await session({ mobile, password: user.password });
    const other = await session({ mobile, password: user.password });
    const script = await apiToken(other);

    const res = await changePassword(
      current,
      { oldPassword: user.password, password: 'Changed-2026', revokeApiTokens: false },
      'zh-CN',
    );
    expect(res.json()).toEqual({ code: 0, msg: '', data: { sessionsRevoked: 1, apiTokensRevoked: 0 } });

    expect((await me(other)).json().code).toBe(ResultCode.Unauthorized);
    expect((await readAccounts(script)).statusCode).toBe(200);
    const [notice] = (await outbox(mobile)).filter((m) => !m.code);
    expect(notice?.subject).toBe('您的诺瓦代理密码已修改');
    expect(notice?.body).toContain('已退出其他 1 个登录会话');
    expect(notice?.body).toContain('API 令牌未撤销');
  });

  it('refuses a revokeApiTokens that is not a boolean with a localized 400', async () => {
    const user = await member();
    const current = await session({ mobile: user.mobile, password: user.password });
    const res = await changePassword(current, { oldPassword: user.password, password: 'Changed-2026', revokeApiTokens: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('revokeApiTokens');
    const [row] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, user.id));
    expect(row?.passwordHash).toBe(user.passwordHash);
  });
});
