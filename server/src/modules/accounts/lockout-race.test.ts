import { AuthErrorCode } from '@portal/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../test/app.ts';
import { bearer, createTestUser } from '../../test/members.ts';
import { passCaptcha } from '../../test/captcha.ts';
import { LOGIN_ACCOUNT_FRICTION, LOGIN_IP_RULE, LOGIN_PAIR_RULE, OLD_PASSWORD_RULE } from './service.ts';

// Every password verification the service runs, counted: the real functions, wrapped.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password.ts')>();
  return {
    ...real,
    verifyPassword: async (password: string, encoded: string) => {
      checks.count += 1;
      return real.verifyPassword(password, encoded);
    },
    verifyAgainstDummy: async (password: string) => {
      checks.count += 1;
      return real.verifyAgainstDummy(password);
    },
  };
});

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  checks.count = 0;
});

let ipCounter = 0;
let unknown = 0;
const freshIp = () => {
  ipCounter += 1;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const login = (payload: object, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/member/auth/login',
    payload,
    remoteAddress: ip,
    headers: { 'accept-language': 'en' },
  });
const parallel = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const codes = (responses: { json(): { code: number } }[]) => responses.map((r) => r.json().code);

describe('failure lockouts under parallel requests (the count is taken before the password is checked)', {
  timeout: 120_000,
}, () => {
  it.each([40, 50])('%i parallel wrong passwords for one login id from one address: exactly 5 are checked', async (n) => {
    const user = await createTestUser(t.app.db);
    const ip = freshIp();
    const answers = codes(await parallel(n, (i) => login({ mobile: user.mobile, password: `Wrong-${i}` }, ip)));
    expect(checks.count).toBe(LOGIN_PAIR_RULE.limit);
    expect(answers.filter((c) => c === AuthErrorCode.LoginFailed)).toHaveLength(LOGIN_PAIR_RULE.limit);
    // The rest are refused unchecked. Most see the stopped address; one that looked before the fifth
    // failure was written but after the account's friction began is asked for a captcha instead
    // (seen on a loaded machine): a refusal either way.
    const refused = answers.filter((c) => c === AuthErrorCode.TooManyAttempts || c === AuthErrorCode.CaptchaRequired);
    expect(refused).toHaveLength(n - LOGIN_PAIR_RULE.limit);
    expect(refused.filter((c) => c === AuthErrorCode.TooManyAttempts).length).toBeGreaterThan(n / 2);
    // That address is stopped for this id, even with the right password…
    expect((await login({ mobile: user.mobile, password: user.password }, ip)).json().code).toBe(AuthErrorCode.TooManyAttempts);
    // …the owner elsewhere is not: a captcha (the account-wide friction) and in.
    const owner = freshIp();
    const captchaVerification = await passCaptcha(t.app, { ip: owner });
    expect((await login({ mobile: user.mobile, password: user.password, captchaVerification }, owner)).json().code).toBe(0);
  });

  it.each([
    ['a real login id', true],
    ['an unknown login id', false],
  ])('50 parallel wrong passwords for %s from 50 addresses: 5 are checked, the rest must solve a captcha', async (_, real) => {
    const mobile = real ? ((await createTestUser(t.app.db)).mobile as string) : `1371234${String(++unknown).padStart(4, '0')}`;
    const answers = codes(await parallel(50, (i) => login({ mobile, password: `Wrong-${i}` }, freshIp())));
    expect(checks.count).toBe(LOGIN_ACCOUNT_FRICTION.threshold);
    expect(answers.filter((c) => c === AuthErrorCode.LoginFailed)).toHaveLength(LOGIN_ACCOUNT_FRICTION.threshold);
    expect(answers.filter((c) => c === AuthErrorCode.CaptchaRequired)).toHaveLength(50 - LOGIN_ACCOUNT_FRICTION.threshold);
  });

  it(`50 parallel wrong logins for 50 ids from one address: at most ${LOGIN_IP_RULE.limit} are checked`, async () => {
    const ip = freshIp();
    const answers = codes(
      await parallel(50, (i) => login({ mobile: `1351234${String(i).padStart(4, '0')}`, password: 'Wrong-pass1' }, ip)),
    );
    expect(checks.count).toBeLessThanOrEqual(LOGIN_IP_RULE.limit);
    expect(answers.filter((c) => c === AuthErrorCode.TooManyAttempts)).toHaveLength(50 - checks.count);
    const user = await createTestUser(t.app.db);
    expect((await login({ mobile: user.mobile, password: user.password }, ip)).json().code).toBe(AuthErrorCode.TooManyAttempts);
  });

  it('successful logins give their slot back: more right passwords than the address limit all log in', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 10 }, () => createTestUser(t.app.db)));
    // 40 logins from one address, 10 at a time (an attempt holds its slot only while it runs).
    for (let round = 0; round < 4; round++) {
      const answers = codes(
        await parallel(users.length, (i) => login({ mobile: users[i]?.mobile, password: users[i]?.password }, ip)),
      );
      expect(answers, `round ${round}`).toEqual(users.map(() => 0));
    }
    // Nothing was counted against the address: a full set of failures is still answered as failures.
    const wrong = codes(
      await parallel(LOGIN_IP_RULE.limit - 1, (i) =>
        login({ mobile: users[i % users.length]?.mobile, password: 'Wrong-pass1' }, ip),
      ),
    );
    expect(wrong.every((c) => c === AuthErrorCode.LoginFailed)).toBe(true);
  });

  it.each([15, 50])('%i parallel wrong current passwords at update-password: at most 5 are checked', async (n) => {
    const user = await createTestUser(t.app.db);
    const body = (await login({ mobile: user.mobile, password: user.password }, freshIp())).json();
    const token = body.data.token as string;
    checks.count = 0;
    const answers = codes(
      await parallel(n, (i) =>
        t.app.inject({
          method: 'PUT',
          url: '/app-api/ip/member-user/update-password',
          payload: { oldPassword: `Wrong-${i}`, password: 'Changed-2026' },
          headers: { ...bearer(token), 'accept-language': 'en' },
        }),
      ),
    );
    expect(checks.count).toBeLessThanOrEqual(OLD_PASSWORD_RULE.limit);
    expect(answers.filter((c) => c === AuthErrorCode.OldPasswordIncorrect)).toHaveLength(checks.count);
    expect(answers.filter((c) => c === AuthErrorCode.TooManyAttempts)).toHaveLength(n - checks.count);
  });
});
