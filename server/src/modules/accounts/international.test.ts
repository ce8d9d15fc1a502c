import { AuthErrorCode, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { rateLimits } from '../limits/tables.ts';
import { outboxMessages } from '../messaging/tables.ts';
import { memberUsers } from './tables.ts';

// Mobile numbers in international form (issue 28, item 8): accepted with their country code,
// validated with libphonenumber, stored in E.164; mainland numbers stay 11 digits as before.

let t: TestApp;
/** SMS reaches the mainland and Hong Kong only, as with a provider's domestic + HK plan. */
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  limited = await createTestApp({ env: { SMS_COUNTRIES: 'cn, HK' } });
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

const post = (app: TestApp, url: string, payload: object, { lang = 'en', ip = '198.51.100.7' } = {}) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': lang } });

async function codeFor(app: TestApp, to: string): Promise<string> {
  const res = await app.app.inject({ url: `/sandbox/outbox.json?to=${encodeURIComponent(to)}` });
  const code = (res.json().messages as { code: string | null }[]).find((m) => m.code)?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

async function registerByMobile(app: TestApp, typed: string, password = 'Overseas2026') {
  expect((await post(app, '/app-api/member/auth/send-sms-code', { mobile: typed, scene: 0 })).json()).toEqual({
    code: 0,
    data: true,
    msg: '',
  });
  return post(app, '/app-api/member/auth/register', {
    mobile: typed,
    code: await codeFor(app, typed.startsWith('+86') ? typed.replace(/\D/g, '').slice(2) : typed.replace(/[^\d+]/g, '')),
    password,
    agreement: true,
  });
}

describe('international mobile numbers', () => {
  it('sign up with a US number as typed, stored in E.164, and log in with it in any written form', async () => {
    const res = await registerByMobile(t, '+1 (415) 555-0123');
    expect(res.json()).toMatchObject({ code: 0, data: { token: expect.any(String) } });
    const [user] = await t.database.db.select().from(memberUsers).where(eq(memberUsers.mobile, '+14155550123'));
    expect(user).toBeDefined();
    for (const mobile of ['+14155550123', '+1 415 555 0123', '001 415-555-0123']) {
      const login = await post(t, '/app-api/member/auth/login', { mobile, password: 'Overseas2026' });
      expect(login.json(), mobile).toMatchObject({ code: 0, data: { token: expect.any(String) } });
    }
    const me = await t.app.inject({
      url: '/app-api/ip/member-user/get',
      headers: { authorization: `Bearer ${res.json().data.token}` },
    });
    expect(me.json().data.mobile).toBe('+14****0123');
  });

  it('keeps mainland numbers as their 11 digits, also when typed with +86', async () => {
    const res = await registerByMobile(t, '+86 139 1234 0001');
    expect(res.json().code).toBe(0);
    const [user] = await t.database.db.select().from(memberUsers).where(eq(memberUsers.mobile, '13912340001'));
    expect(user).toBeDefined();
    const login = await post(t, '/app-api/member/auth/login', { mobile: '13912340001', password: 'Overseas2026' });
    expect(login.json().code).toBe(0);
  });

  it('refuses landlines and numbers without a country code with the localized field message', async () => {
    for (const mobile of ['+44 20 7123 4567', '4155550123', '+1 415 555', '+1 415\u0007555 0123']) {
      const res = await post(t, '/app-api/member/auth/send-sms-code', { mobile, scene: 0 }, { lang: 'zh-CN' });
      expect(res.statusCode, mobile).toBe(400);
      expect(res.json(), mobile).toMatchObject({ code: ResultCode.BadRequest, fieldErrors: { mobile: '请输入正确的手机号码' } });
    }
  });
});

describe('SMS_COUNTRIES', () => {
  it('refuses a number of a country SMS cannot reach, in the caller language, before anything is counted', async () => {
    for (const [lang, msg] of [
      ['en', "We can't send text messages to numbers in United States yet: please use your e-mail address"],
      ['zh-CN', '暂不支持向美国的手机号码发送短信，请使用邮箱'],
    ] as const) {
      const res = await post(limited, '/app-api/member/auth/send-sms-code', { mobile: '+1 415 555 0199', scene: 0 }, { lang });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: AuthErrorCode.SmsCountryUnavailable, data: null, msg });
    }
    const db = limited.database.db;
    expect(await db.$count(outboxMessages, eq(outboxMessages.to, '+14155550199'))).toBe(0);
    expect(await db.$count(rateLimits, eq(rateLimits.key, 'code:wait:sms:+14155550199'))).toBe(0);
  });

  it('sends to the allowed countries, mainland numbers as before', async () => {
    for (const mobile of ['+852 9123 4567', '13912340002']) {
      const res = await post(limited, '/app-api/member/auth/send-sms-code', { mobile, scene: 0 });
      expect(res.json(), mobile).toEqual({ code: 0, data: true, msg: '' });
    }
    expect(await codeFor(limited, '+85291234567')).toMatch(/^\d{6}$/);
  });

  it('tells the browser where SMS can go: the allowed list, or null for anywhere', async () => {
    const allowed = await limited.app.inject({ url: '/app-api/system/client-config' });
    expect(allowed.json().data.smsCountries).toEqual(['CN', 'HK']);
    const anywhere = await t.app.inject({ url: '/app-api/system/client-config' });
    expect(anywhere.json().data.smsCountries).toBeNull();
  });

  it('defaults to anywhere in the sandbox, the mainland with a real provider, nowhere without one', () => {
    const base = { DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(loadConfig({ ...base }).smsCountries).toBeNull();
    expect(loadConfig({ ...base, SMS_COUNTRIES: '*' }).smsCountries).toBeNull();
    const webhook = { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/send' };
    expect(loadConfig({ ...base, ...webhook }).smsCountries).toEqual(['CN']);
    expect(loadConfig({ ...base, ...webhook, SMS_COUNTRIES: 'CN,US,US' }).smsCountries).toEqual(['CN', 'US']);
    expect(loadConfig({ ...base, SANDBOX: 'false', SMTP_URL: 'smtp://mail', MAIL_FROM: 'a@b.c' }).smsCountries).toEqual([]);
    expect(() => loadConfig({ ...base, SMS_COUNTRIES: 'CN,XX' })).toThrow(/SMS_COUNTRIES: expected \* or ISO 3166-1/);
  });
});
