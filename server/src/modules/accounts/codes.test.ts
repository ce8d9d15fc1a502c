import { AuthErrorCode, ResultCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock, withoutSandboxEnv } from '../../test/app.ts';
import { bearer, createTestUser } from '../../test/members.ts';
import { outboxMessages } from '../messaging/tables.ts';
import { CODE_TTL_MS, DAILY_CODES_PER_DESTINATION, DAILY_CODES_PER_IP, MAX_CODE_ATTEMPTS, RESEND_INTERVAL_MS } from './codes.ts';
import { memberSessions, memberUsers, verificationCodes } from './tables.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let n = 0;
/** A mobile number (or e-mail) nobody has used in this file, from its own client address. */
const fresh = () => {
  n += 1;
  return { mobile: `1361234${String(n).padStart(4, '0')}`, email: `user${n}@example.com`, ip: `203.0.113.${n}` };
};

const post = (url: string, payload: object, { lang = 'en', ip = '192.0.2.1', headers = {} } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { 'accept-language': lang, ...headers } });
const send = (payload: object, opts?: { lang?: string; ip?: string }) =>
  post('/app-api/member/auth/send-sms-code', payload, opts);
const register = (payload: object, opts?: { lang?: string; ip?: string }) => post('/app-api/member/auth/register', payload, opts);
const reset = (payload: object, opts?: { lang?: string; ip?: string }) =>
  post('/app-api/member/auth/reset-password', payload, opts);

async function outbox(to: string) {
  const res = await t.app.inject({ url: `/sandbox/outbox.json?to=${encodeURIComponent(to)}` });
  return res.json().messages as {
    to: string;
    channel: string;
    subject: string;
    body: string;
    code: string | null;
    createdAt: string;
  }[];
}
async function lastCode(to: string): Promise<string> {
  const code = (await outbox(to)).find((m) => m.code)?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}
const OK = { code: 0, data: true, msg: '' };
const CODE_INVALID = { code: AuthErrorCode.CodeInvalid, data: null, msg: 'The verification code is incorrect or has expired' };
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('send-sms-code', () => {
  it('sends a 6-digit register code by SMS, in the caller language, and stores only its hash', async () => {
    const { mobile, ip } = fresh();
    expect((await send({ mobile, scene: 0 }, { lang: 'zh-CN', ip })).json()).toEqual(OK);
    const [message] = await outbox(mobile);
    expect(message).toMatchObject({ to: mobile, channel: 'sms', subject: expect.stringContaining('验证码') });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.body).toContain(message?.code);
    expect(message?.body).toContain('5 分钟内有效');
    const rows = await t.app.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.destination, `sms:${mobile}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).not.toContain(message?.code ?? '');
    expect((rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0)).toBe(CODE_TTL_MS);
  });

  it('sends by e-mail to a lower-cased address, in English when asked', async () => {
    const { ip } = fresh();
    expect((await send({ email: '  Mixed.Case@Example.COM ', scene: 0 }, { ip })).json()).toEqual(OK);
    const [message] = await outbox('mixed.case@example.com');
    expect(message).toMatchObject({ channel: 'email', to: 'mixed.case@example.com' });
    expect(message?.subject).toMatch(/^NovaProxy verification code: \d{6}$/);
    expect(message?.body).toMatch(/registration code is \d{6}\. It is valid for 5 minutes/);
  });

  it('answers 400 with localized field messages for bad input, never 500', async () => {
    const cases: [object, string, string][] = [
      [{ scene: 0 }, 'mobile', 'Enter either a mobile number or an e-mail address'],
      [{ mobile: '13800138000', email: 'a@b.cn', scene: 0 }, 'email', 'Enter either a mobile number or an e-mail address'],
      [{ mobile: '1234', scene: 0 }, 'mobile', 'Enter a valid mobile number'],
      [{ email: 'not-mail', scene: 3 }, 'email', 'Enter a valid e-mail address'],
      [{ mobile: '13800138000', scene: 1 }, 'scene', ''],
      [{ mobile: '13800138000' }, 'scene', ''],
      [{ mobile: 13800138000, scene: 0 }, 'mobile', ''],
    ];
    for (const [payload, field, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(payload)).toHaveProperty(field);
      if (message) expect(res.json().fieldErrors[field]).toBe(message);
    }
    const zh = await send({ scene: 0 }, { lang: 'zh-CN' });
    expect(zh.json().fieldErrors).toEqual({ mobile: '请填写手机号码或邮箱（二选一）' });
  });

  it('allows one code per destination per 60 s and says how long to wait', async () => {
    const { mobile, ip } = fresh();
    expect((await send({ mobile, scene: 0 }, { ip })).json()).toEqual(OK);
    clock.advance(17_000);
    const res = await send({ mobile, scene: 3 }, { ip: '198.51.100.1' });
    expect(res.json()).toEqual({
      code: AuthErrorCode.CodeTooSoon,
      data: null,
      msg: 'Please wait 43 s before requesting another code',
    });
    const zh = await send({ mobile, scene: 0 }, { lang: 'zh-CN', ip });
    expect(zh.json().msg).toBe('请等待 43 秒后再获取验证码');
    clock.advance(RESEND_INTERVAL_MS - 17_000);
    expect((await send({ mobile, scene: 0 }, { ip })).json()).toEqual(OK);
    expect((await outbox(mobile)).filter((m) => m.code)).toHaveLength(2);
  });

  it(`caps a destination at ${DAILY_CODES_PER_DESTINATION} codes a day`, async () => {
    const { mobile } = fresh();
    for (let i = 0; i < DAILY_CODES_PER_DESTINATION; i++) {
      expect((await send({ mobile, scene: 0 }, { ip: `198.18.0.${i}` })).json(), `send ${i}`).toEqual(OK);
      clock.advance(RESEND_INTERVAL_MS);
    }
    const res = await send({ mobile, scene: 0 }, { ip: '198.18.1.1' });
    expect(res.json()).toEqual({
      code: AuthErrorCode.CodeDailyLimit,
      data: null,
      msg: 'Too many verification codes requested, please try again later',
    });
    clock.advance(24 * 60 * 60 * 1000);
    expect((await send({ mobile, scene: 0 }, { ip: '198.18.1.1' })).json()).toEqual(OK);
  });

  it(`caps a client address at ${DAILY_CODES_PER_IP} codes a day, whatever the destinations`, async () => {
    const ip = '198.19.0.1';
    for (let i = 0; i < DAILY_CODES_PER_IP; i++) {
      expect((await send({ email: `ip-cap-${i}@example.com`, scene: i % 2 ? 3 : 0 }, { ip })).json().code, `send ${i}`).toBe(0);
    }
    const res = await send({ email: 'ip-cap-last@example.com', scene: 0 }, { ip, lang: 'zh-CN' });
    expect(res.json()).toEqual({ code: AuthErrorCode.CodeDailyLimit, data: null, msg: '验证码获取次数过多，请稍后再试' });
    expect((await send({ email: 'ip-cap-last@example.com', scene: 0 }, { ip: '198.19.0.2' })).json()).toEqual(OK);
  });

  it('answers register to an existing account and reset to an unknown one exactly like a real send', async () => {
    const user = await createTestUser(t.app.db, { email: 'taken@example.com' });
    const unknown = fresh();
    const newcomer = fresh();
    const answers = [
      await send({ mobile: user.mobile, scene: 0 }, { ip: unknown.ip }),
      await send({ mobile: unknown.mobile, scene: 3 }, { ip: unknown.ip }),
      await send({ mobile: newcomer.mobile, scene: 0 }, { ip: newcomer.ip }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(OK));
    }
    // Register to an existing account: a notice without a code, so there is nothing to register with.
    const [notice] = await outbox(user.mobile ?? '');
    expect(notice).toMatchObject({ code: null, channel: 'sms' });
    expect(notice?.body).toMatch(/you already have an account/);
    // Reset for an unknown number: nothing is sent at all.
    expect(await outbox(unknown.mobile)).toEqual([]);
    // The limits apply alike: a second request within 60 s is refused for all three.
    for (const mobile of [user.mobile, unknown.mobile, newcomer.mobile]) {
      expect((await send({ mobile, scene: 3 }, { ip: fresh().ip })).json().code).toBe(AuthErrorCode.CodeTooSoon);
    }
    // A reset of the existing account does get a code.
    clock.advance(RESEND_INTERVAL_MS);
    expect((await send({ mobile: user.mobile, scene: 3 }, { ip: fresh().ip })).body).toBe(JSON.stringify(OK));
    expect((await outbox(user.mobile ?? '')).map((m) => m.code === null)).toEqual([false, true]);
  });

  it('refuses a channel without a provider outside the sandbox', async () => {
    const real = await createTestApp({ env: withoutSandboxEnv() });
    try {
      const sms = await real.app.inject({
        method: 'POST',
        url: '/app-api/member/auth/send-sms-code',
        payload: { mobile: '13612349999', scene: 0 },
        headers: { 'accept-language': 'en' },
      });
      expect(sms.json()).toMatchObject({ code: AuthErrorCode.ChannelUnavailable, msg: expect.stringMatching(/by SMS/) });
      const mail = await real.app.inject({
        method: 'POST',
        url: '/app-api/member/auth/send-sms-code',
        payload: { email: 'a@example.com', scene: 0 },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(mail.json()).toMatchObject({
        code: AuthErrorCode.ChannelUnavailable,
        msg: '暂时无法发送邮件验证码，请使用手机号码',
      });
    } finally {
      await real.close();
    }
  });
});

describe('register', () => {
  it('creates the account with the code, logs it in and consumes the code', async () => {
    const { mobile, ip } = fresh();
    await send({ mobile, scene: 0 }, { ip });
    const code = await lastCode(mobile);
    const res = await register({ mobile, password: 'Kite-river-42', code, agreement: true }, { ip });
    expect(res.json()).toMatchObject({ code: 0, msg: '', data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    const me = await t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(res.json().data.token) });
    expect(me.json().data).toMatchObject({
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
      nickname: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    });
    // The same code again: used.
    expect((await register({ mobile, password: 'Kite-river-42', code, agreement: true }, { ip })).json()).toEqual(CODE_INVALID);
    // And it logs in with the password.
    expect((await post('/app-api/member/auth/login', { mobile, password: 'Kite-river-42' })).json().code).toBe(0);
  });

  it('registers by e-mail, and the account logs in by e-mail', async () => {
    const { email, ip } = fresh();
    await send({ email, scene: 0 }, { ip });
    const res = await register(
      { email: email.toUpperCase(), password: 'Passw0rd!', code: await lastCode(email), agreement: true },
      { ip },
    );
    expect(res.json().code).toBe(0);
    const [row] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.email, email));
    expect(row).toMatchObject({ mobile: null, email });
    expect((await post('/app-api/member/auth/login', { email, password: 'Passw0rd!' })).json().code).toBe(0);
  });

  it('refuses a wrong code, a code of another scene or destination, and an expired code', async () => {
    const { mobile, ip } = fresh();
    await send({ mobile, scene: 0 }, { ip });
    const code = await lastCode(mobile);
    expect((await register({ mobile, password: 'Kite-river-42', code: wrong(code), agreement: true })).json()).toEqual(
      CODE_INVALID,
    );
    expect((await register({ mobile: fresh().mobile, password: 'Kite-river-42', code, agreement: true })).json()).toEqual(
      CODE_INVALID,
    );
    const zh = await register({ mobile, password: 'Kite-river-42', code: wrong(code), agreement: true }, { lang: 'zh-CN' });
    expect(zh.json()).toEqual({ ...CODE_INVALID, msg: '验证码错误或已过期' });
    clock.advance(CODE_TTL_MS);
    expect((await register({ mobile, password: 'Kite-river-42', code, agreement: true })).json()).toEqual(CODE_INVALID);

    const other = fresh();
    await send({ mobile: other.mobile, scene: 0 }, { ip: other.ip });
    const valid = await lastCode(other.mobile);
    clock.advance(CODE_TTL_MS - 1000);
    expect((await register({ mobile: other.mobile, password: 'Kite-river-42', code: valid, agreement: true })).json().code).toBe(
      0,
    );
  });

  it(`kills a code after ${MAX_CODE_ATTEMPTS} tries, even the right one after that`, async () => {
    const { mobile, ip } = fresh();
    await send({ mobile, scene: 0 }, { ip });
    const code = await lastCode(mobile);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      expect((await register({ mobile, password: 'Kite-river-42', code: wrong(code), agreement: true })).json()).toEqual(
        CODE_INVALID,
      );
    }
    expect((await register({ mobile, password: 'Kite-river-42', code, agreement: true })).json()).toEqual(CODE_INVALID);

    const second = fresh();
    await send({ mobile: second.mobile, scene: 0 }, { ip: second.ip });
    const good = await lastCode(second.mobile);
    for (let i = 0; i < MAX_CODE_ATTEMPTS - 1; i++)
      await register({ mobile: second.mobile, password: 'Kite-river-42', code: wrong(good), agreement: true });
    expect((await register({ mobile: second.mobile, password: 'Kite-river-42', code: good, agreement: true })).json().code).toBe(
      0,
    );
  });

  it.each([40, 50])(
    `counts %i parallel wrong codes atomically: ${MAX_CODE_ATTEMPTS} checks, then the code is dead`,
    async (n) => {
      const { mobile, ip } = fresh();
      await send({ mobile, scene: 0 }, { ip });
      const code = await lastCode(mobile);
      const guesses = Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
      const answers = await Promise.all(
        guesses.map((guess) => register({ mobile, password: 'Kite-river-42', code: guess, agreement: true })),
      );
      expect(answers.map((r) => r.json())).toEqual(guesses.map(() => CODE_INVALID));
      const [row] = await t.app.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.destination, `sms:${mobile}`));
      expect(row?.attempts).toBe(MAX_CODE_ATTEMPTS);
      expect((await register({ mobile, password: 'Kite-river-42', code, agreement: true })).json()).toEqual(CODE_INVALID);
    },
  );

  it('accepts only the newest code of a destination', async () => {
    const { mobile, ip } = fresh();
    await send({ mobile, scene: 0 }, { ip });
    const first = await lastCode(mobile);
    clock.advance(RESEND_INTERVAL_MS);
    await send({ mobile, scene: 0 }, { ip });
    const second = await lastCode(mobile);
    if (first !== second)
      expect((await register({ mobile, password: 'Kite-river-42', code: first, agreement: true })).json()).toEqual(CODE_INVALID);
    expect((await register({ mobile, password: 'Kite-river-42', code: second, agreement: true })).json().code).toBe(0);
  });

  it('gives an existing account the code error (it never got a code)', async () => {
    const user = await createTestUser(t.app.db);
    await send({ mobile: user.mobile, scene: 0 }, { ip: fresh().ip });
    for (const code of ['000000', '123456', '999999']) {
      expect((await register({ mobile: user.mobile, password: 'Kite-river-42', code, agreement: true })).json()).toEqual(
        CODE_INVALID,
      );
    }
  });

  it('requires the agreement to be ticked, with the message in both languages', async () => {
    const { mobile } = fresh();
    const res = await register({ mobile, password: 'Kite-river-42', code: '123456', agreement: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ agreement: 'Please read the Terms of Service and Privacy Policy first' });
    const zh = await register({ mobile, password: 'Kite-river-42', code: '123456', agreement: false }, { lang: 'zh-CN' });
    expect(zh.json().fieldErrors).toEqual({ agreement: '请先阅读并同意《服务条款》和《隐私政策》' });
    expect((await register({ mobile, password: 'Kite-river-42', code: '123456' })).json().fieldErrors).toHaveProperty(
      'agreement',
    );
    expect((await register({ mobile, password: 'Kite-river-42', code: '123456', agreement: 'true' })).statusCode).toBe(400);
  });

  it('enforces the password rule: 8-32 characters, a letter and a digit', async () => {
    const { mobile } = fresh();
    for (const password of ['abc1234', 'abcdefgh', '12345678', `a1${'x'.repeat(31)}`, '']) {
      const res = await register({ mobile, password, code: '123456', agreement: true });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().fieldErrors, password).toEqual({
        password: 'Use 8–32 characters with at least one letter and one number',
      });
    }
    const zh = await register({ mobile, password: 'short1', code: '123456', agreement: true }, { lang: 'zh-CN' });
    expect(zh.json().fieldErrors.password).toBe('密码需为 8–32 位，且至少包含一个字母和一个数字');
    const badCode = await register({ mobile, password: 'Kite-river-42', code: '12345', agreement: true });
    expect(badCode.json().fieldErrors).toEqual({ code: 'Enter the 6-digit verification code' });
  });
});

describe('common passwords', () => {
  const TOO_COMMON = 'This password is too common and easy to guess, please choose another one';

  it('register refuses one with a field message in both languages, before the code is spent', async () => {
    const { mobile, ip } = fresh();
    await send({ mobile, scene: 0 }, { ip });
    const code = await lastCode(mobile);
    const res = await register({ mobile, password: 'password1', code, agreement: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ResultCode.BadRequest, fieldErrors: { password: TOO_COMMON } });
    const zh = await register({ mobile, password: 'Password1', code, agreement: true }, { lang: 'zh-CN' });
    expect(zh.json().fieldErrors).toEqual({ password: '该密码过于常见，容易被猜到，请换一个' });
    // The code was not tried: it still registers, with an uncommon password.
    expect((await register({ mobile, password: 'Kite-river-42', code, agreement: true })).json().code).toBe(0);
  });

  it('reset-password refuses one, and the code stays good', async () => {
    const user = await createTestUser(t.app.db);
    await send({ mobile: user.mobile, scene: 3 }, { ip: fresh().ip });
    const code = await lastCode(user.mobile ?? '');
    const res = await reset({ mobile: user.mobile, code, password: 'qwerty123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ password: TOO_COMMON });
    expect((await reset({ mobile: user.mobile, code, password: 'Kite-river-42' })).json()).toEqual(OK);
  });
});

describe('reset-password', () => {
  it('sets the new password with the reset code and revokes every session of the user', async () => {
    const user = await createTestUser(t.app.db, { email: 'reset-me@example.com' });
    const login = async (password: string) =>
      (await post('/app-api/member/auth/login', { mobile: user.mobile, password })).json();
    const tokens = [(await login(user.password)).data.token, (await login(user.password)).data.token];
    await send({ email: 'reset-me@example.com', scene: 3 }, { ip: fresh().ip });
    const [message] = await outbox('reset-me@example.com');
    expect(message?.body).toMatch(/password reset code is \d{6}/);
    const res = await reset({ email: 'reset-me@example.com', code: message?.code ?? '', password: 'NewPass99' });
    expect(res.json()).toEqual(OK);
    for (const token of tokens) {
      expect((await t.app.inject({ url: '/app-api/ip/member-user/get', headers: bearer(token) })).json().code).toBe(
        ResultCode.Unauthorized,
      );
    }
    const live = await t.app.db.$count(memberSessions, eq(memberSessions.userId, user.id));
    expect(live).toBe(2); // rows kept (revoked) until the next login prunes them
    expect((await login(user.password)).code).toBe(AuthErrorCode.LoginFailed);
    expect((await login('NewPass99')).code).toBe(0);
    // The code is spent.
    expect((await reset({ email: 'reset-me@example.com', code: message?.code ?? '', password: 'Other999x' })).json()).toEqual(
      CODE_INVALID,
    );
  });

  it('refuses an unknown destination, a register code and a wrong code alike', async () => {
    const newcomer = fresh();
    await send({ mobile: newcomer.mobile, scene: 0 }, { ip: newcomer.ip });
    const registerCode = await lastCode(newcomer.mobile);
    expect((await reset({ mobile: newcomer.mobile, code: registerCode, password: 'NewPass99' })).json()).toEqual(CODE_INVALID);
    expect((await reset({ mobile: fresh().mobile, code: '123456', password: 'NewPass99' })).json()).toEqual(CODE_INVALID);
    const bad = await reset({ mobile: newcomer.mobile, code: registerCode, password: 'weak' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('password');
  });

  it("ends the stop of the address that resets and the login id's captcha friction", async () => {
    const user = await createTestUser(t.app.db);
    const ip = fresh().ip;
    for (let i = 0; i < 5; i++) await post('/app-api/member/auth/login', { mobile: user.mobile, password: 'Wrong-1234' }, { ip });
    expect((await post('/app-api/member/auth/login', { mobile: user.mobile, password: user.password }, { ip })).json().code).toBe(
      AuthErrorCode.TooManyAttempts,
    );
    expect(
      (await post('/app-api/member/auth/login', { mobile: user.mobile, password: user.password }, { ip: fresh().ip })).json()
        .code,
    ).toBe(AuthErrorCode.CaptchaRequired);
    await send({ mobile: user.mobile, scene: 3 }, { ip });
    await reset({ mobile: user.mobile, code: await lastCode(user.mobile ?? ''), password: 'Fresh1234' }, { ip });
    for (const from of [ip, fresh().ip]) {
      expect(
        (await post('/app-api/member/auth/login', { mobile: user.mobile, password: 'Fresh1234' }, { ip: from })).json().code,
      ).toBe(0);
    }
  });
});

describe('sandbox outbox', () => {
  it('lists newest first and filters by destination', async () => {
    const all = await t.app.inject({ url: '/sandbox/outbox.json' });
    const messages = all.json().messages as { createdAt: string }[];
    expect(messages.length).toBeGreaterThan(5);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await t.app.db.$count(outboxMessages)).toBeGreaterThanOrEqual(messages.length);
  });
});
