import { AuthErrorCode, TwoFactorErrorCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberSignIns } from '../accounts/tables.ts';
import { STEP_UP_WINDOW_MS, setAccountRequirement } from './service.ts';
import { memberRecoveryCodes, memberTotp } from './tables.ts';
import { totpCodeAt } from './totp.ts';

let t: TestApp;
let now = new Date('2026-11-27T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** Moves the app's clock on; a TOTP code is only accepted once per 30-second step, so tests step past it. */
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
  return res.json() as { code: number; data: never; msg: string };
};

const login = (mobile: string, password: string) =>
  call('POST', '/app-api/member/auth/login', null, { mobile, password }) as Promise<{
    code: number;
    data: { token?: string; challenge?: string };
    msg: string;
  }>;

/** A member with two factors on: answers the secret, the recovery codes and a session that passed the check. */
async function enrolled() {
  const user = await createTestUser(t.database.db);
  const token = await loginToken(t.app, user.mobile ?? '', user.password);
  const started = await call('POST', '/app-api/ip/two-factor/totp/start', token);
  const secret = (started.data as { secret: string }).secret;
  const confirmed = await call('POST', '/app-api/ip/two-factor/totp/confirm', token, { code: totpCodeAt(secret, now) });
  expect(confirmed.code).toBe(0);
  advance(30_000);
  return { user, token, secret, recoveryCodes: (confirmed.data as { recoveryCodes: string[] }).recoveryCodes };
}

describe('enrolment', () => {
  it('gives the secret as QR code, text and link, and turns on only with a right code', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const started = await call('POST', '/app-api/ip/two-factor/totp/start', token);
    const { secret, otpauthUrl, qrSvg } = started.data as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrSvg).toContain('<svg');
    // The secret is kept encrypted, never in plain.
    const [row] = await t.database.db.select().from(memberTotp).where(eq(memberTotp.userId, user.id));
    expect(row?.secretSealed).not.toContain(secret);
    expect(row?.enabledAt).toBeNull();

    const wrong = await call('POST', '/app-api/ip/two-factor/totp/confirm', token, {
      code: '000000' === totpCodeAt(secret, now) ? '111111' : '000000',
    });
    expect(wrong.code).toBe(TwoFactorErrorCode.CodeIncorrect);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({ enabled: false });
    // Still off: a password alone still signs in.
    expect((await login(user.mobile ?? '', user.password)).data.token).toBeTruthy();

    const ok = await call('POST', '/app-api/ip/two-factor/totp/confirm', token, { code: totpCodeAt(secret, now) });
    const codes = (ok.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db.select().from(memberRecoveryCodes).where(eq(memberRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      recentCheck: true,
    });
    // On: starting again is refused (turn it off first).
    expect((await call('POST', '/app-api/ip/two-factor/totp/start', token)).code).toBe(TwoFactorErrorCode.NotEnrolling);
  });
});

describe('sign-in with two factors on', () => {
  it('answers a challenge, not a session, then a session for the right code', async () => {
    const { user, secret } = await enrolled();
    const first = await login(user.mobile ?? '', user.password);
    expect(first.data.token).toBeUndefined();
    const challenge = first.data.challenge ?? '';
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wrong = await call('POST', '/app-api/member/auth/login/second-factor', null, { challenge, code: '12345a' });
    expect(wrong.code).not.toBe(0);
    const done = await call('POST', '/app-api/member/auth/login/second-factor', null, {
      challenge,
      code: totpCodeAt(secret, now),
    });
    expect(done.code).toBe(0);
    const session = (done.data as { token: string }).token;
    expect((await call('GET', '/app-api/ip/member-user/get', session)).code).toBe(0);
    // The challenge is used up, and the same code is not accepted twice.
    advance(1000);
    const again = await login(user.mobile ?? '', user.password);
    const replay = await call('POST', '/app-api/member/auth/login/second-factor', null, {
      challenge: again.data.challenge,
      code: totpCodeAt(secret, new Date(now.getTime() - 1000)),
    });
    expect(replay.code).toBe(TwoFactorErrorCode.CodeIncorrect);
    const reused = await call('POST', '/app-api/member/auth/login/second-factor', null, { challenge, code: '123456' });
    expect(reused.code).toBe(TwoFactorErrorCode.ChallengeExpired);
    const results = await t.database.db.select().from(memberSignIns).where(eq(memberSignIns.userId, user.id));
    expect(results.map((r) => r.result)).toContain('code');
  });

  it('takes a recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3] ?? '';
    const challenge = (await login(user.mobile ?? '', user.password)).data.challenge;
    const done = await call('POST', '/app-api/member/auth/login/second-factor', null, { challenge, code: code.toUpperCase() });
    expect(done.code).toBe(0);
    const token = (done.data as { token: string }).token;
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({ recoveryCodesLeft: 9 });
    const next = (await login(user.mobile ?? '', user.password)).data.challenge;
    const twice = await call('POST', '/app-api/member/auth/login/second-factor', null, { challenge: next, code });
    expect(twice.code).toBe(TwoFactorErrorCode.CodeIncorrect);
  });

  it('expires the challenge after 5 minutes', async () => {
    const { user, secret } = await enrolled();
    const challenge = (await login(user.mobile ?? '', user.password)).data.challenge;
    advance(5 * 60_000 + 1);
    const late = await call('POST', '/app-api/member/auth/login/second-factor', null, {
      challenge,
      code: totpCodeAt(secret, now),
    });
    expect(late.code).toBe(TwoFactorErrorCode.ChallengeExpired);
  });

  it('counts at most 5 of 50 parallel wrong codes, then locks the account even for the right code', async () => {
    const { user, secret } = await enrolled();
    const challenge = (await login(user.mobile ?? '', user.password)).data.challenge;
    const right = totpCodeAt(secret, now);
    const wrongCode = (i: number) => {
      const c = String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
      return c;
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/app-api/member/auth/login/second-factor', null, { challenge, code: wrongCode(i) }),
      ),
    );
    const checked = answers.filter((a) => a.code === TwoFactorErrorCode.CodeIncorrect).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === AuthErrorCode.TooManyAttempts).length).toBe(50 - checked);
    const locked = await call('POST', '/app-api/member/auth/login/second-factor', null, { challenge, code: right });
    expect(locked.code).toBe(AuthErrorCode.TooManyAttempts);
    expect(locked.msg).toMatch(/15/);
  });
});

describe('step-up', () => {
  it('asks again for sensitive actions once the last check is over 10 minutes old', async () => {
    const { token, secret } = await enrolled();
    const password = { oldPassword: 'Secret@123', password: 'Another@4567', revokeApiTokens: false };
    const tokenBody = { name: 'ci', scopes: ['usage:read'] };
    // Enrolment was a check: within the window the new API token is allowed.
    expect((await call('POST', '/app-api/member/api-token/create', token, tokenBody)).code).toBe(0);
    advance(STEP_UP_WINDOW_MS);
    expect((await call('POST', '/app-api/member/api-token/create', token, tokenBody)).code).toBe(
      TwoFactorErrorCode.RecentCheckRequired,
    );
    expect((await call('PUT', '/app-api/ip/member-user/update-password', token, password)).code).toBe(
      TwoFactorErrorCode.RecentCheckRequired,
    );
    expect((await call('POST', '/app-api/ip/two-factor/disable', token)).code).toBe(TwoFactorErrorCode.RecentCheckRequired);
    expect((await call('POST', '/app-api/ip/two-factor/verify', token, { code: totpCodeAt(secret, now) })).code).toBe(0);
    expect((await call('POST', '/app-api/ip/two-factor/disable', token)).code).toBe(0);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
  });

  it('lets members without two factors through', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    expect((await call('POST', '/app-api/member/api-token/create', token, { name: 'x', scopes: ['usage:read'] })).code).toBe(0);
  });
});

describe('account requirement', () => {
  it('needs two factors to turn on, then refuses turning them off', async () => {
    const plain = await createTestUser(t.database.db);
    const plainToken = await loginToken(t.app, plain.mobile ?? '', plain.password);
    expect((await call('PUT', '/app-api/ip/two-factor/requirement', plainToken, { required: true })).code).toBe(
      TwoFactorErrorCode.RequirementBlocks,
    );
    const { token } = await enrolled();
    expect((await call('PUT', '/app-api/ip/two-factor/requirement', token, { required: true })).code).toBe(0);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({ requiredByAccount: true });
    expect((await call('POST', '/app-api/ip/two-factor/disable', token)).code).toBe(TwoFactorErrorCode.RequirementBlocks);
  });

  it('refuses a member without two factors everything but enrolment, until they enrol', async () => {
    const member = await createTestUser(t.database.db);
    const token = await loginToken(t.app, member.mobile ?? '', member.password);
    // The account requires them of a member who has none (the teams work adds members to such accounts).
    await setAccountRequirement(t.database.db, member.id, true, now);
    expect((await call('GET', '/app-api/member/api-token/list', token)).code).toBe(TwoFactorErrorCode.EnrolmentRequired);
    expect((await call('GET', '/app-api/ip/member-user/get', token)).code).toBe(0);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({
      enabled: false,
      requiredByAccount: true,
    });
    const secret = ((await call('POST', '/app-api/ip/two-factor/totp/start', token)).data as { secret: string }).secret;
    expect((await call('POST', '/app-api/ip/two-factor/totp/confirm', token, { code: totpCodeAt(secret, now) })).code).toBe(0);
    expect((await call('GET', '/app-api/member/api-token/list', token)).code).toBe(0);
  });
});
