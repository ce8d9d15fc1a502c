import { AuthErrorCode, TwoFactorErrorCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../test/authenticator.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberSignIns } from '../accounts/tables.ts';
import { STEP_UP_WINDOW_MS, setAccountRequirement } from './service.ts';
import { memberPasskeys } from './tables.ts';

let t: TestApp;
let now = new Date('2026-11-27T10:00:00Z');
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  origin = t.app.publicOrigins.defaultOrigin;
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

type Answer = { code: number; data: never; msg: string };
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload && { payload }) });
  return res.json() as Answer;
};
const options = async (url: string, token: string | null, payload?: object) =>
  ((await call('POST', url, token, payload ?? {})).data as { options: { challenge: string; user?: { id: string } } }).options;

/** A member with one passkey registered in a session that just passed the check. */
async function withPasskey() {
  const user = await createTestUser(t.database.db);
  const token = await loginToken(t.app, user.mobile ?? '', user.password);
  const device = new SoftAuthenticator(origin);
  const created = device.register(await options('/app-api/ip/two-factor/passkeys/register/options', token));
  const added = await call('POST', '/app-api/ip/two-factor/passkeys', token, { name: 'Laptop', credential: created });
  expect(added.code).toBe(0);
  return { user, token, device, id: (added.data as { id: number }).id };
}

const passwordless = async (device: SoftAuthenticator, tweaks?: Parameters<SoftAuthenticator['assert']>[1]) => {
  const asked = await options('/app-api/member/auth/login/passkey/options', null);
  return call('POST', '/app-api/member/auth/login/passkey', null, { credential: device.assert(asked, tweaks) });
};

describe('registering a passkey', () => {
  it('asks for a discoverable credential with user verification on the public origin, and turns two factors on', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const asked = (await call('POST', '/app-api/ip/two-factor/passkeys/register/options', token)).data as {
      options: { rp: { id: string }; authenticatorSelection: { residentKey: string; userVerification: string } };
    };
    expect(asked.options.rp.id).toBe(new URL(origin).hostname);
    expect(asked.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });

    const device = new SoftAuthenticator(origin);
    const created = device.register(asked.options as never);
    const added = await call('POST', '/app-api/ip/two-factor/passkeys', token, { name: 'Phone', credential: created });
    expect(added.data).toMatchObject({ name: 'Phone', lastUsedAt: null });
    // The challenge was used once.
    const again = await call('POST', '/app-api/ip/two-factor/passkeys', token, { name: 'Phone', credential: created });
    expect(again.code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({
      enabled: true,
      app: false,
      passkeys: 1,
      recentCheck: true,
    });
    // Two factors on: the password alone no longer signs in, and the challenge offers the passkey only.
    const login = await call('POST', '/app-api/member/auth/login', null, { mobile: user.mobile, password: user.password });
    expect(login.data).toMatchObject({ methods: { code: false, passkey: true } });
  });

  it('refuses an answer made on another origin', async () => {
    const user = await createTestUser(t.database.db);
    const token = await loginToken(t.app, user.mobile ?? '', user.password);
    const device = new SoftAuthenticator(origin);
    const created = device.register(await options('/app-api/ip/two-factor/passkeys/register/options', token), {
      origin: 'https://evil.example',
    });
    const added = await call('POST', '/app-api/ip/two-factor/passkeys', token, { name: 'Phone', credential: created });
    expect(added.code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    expect(await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, user.id))).toHaveLength(0);
  });

  it('refuses a malformed answer and an empty name with field messages', async () => {
    const { token } = await withPasskey();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/two-factor/passkeys',
      headers: bearer(token),
      payload: { name: ' ', credential: { id: '***' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('opens a session without password, once per challenge, and records it', async () => {
    const { user, device } = await withPasskey();
    const asked = await options('/app-api/member/auth/login/passkey/options', null);
    const answer = device.assert(asked);
    const done = await call('POST', '/app-api/member/auth/login/passkey', null, { credential: answer });
    expect(done.code).toBe(0);
    const session = (done.data as { token: string }).token;
    expect((await call('GET', '/app-api/ip/two-factor/status', session)).data).toMatchObject({ recentCheck: true });
    const replay = await call('POST', '/app-api/member/auth/login/passkey', null, { credential: answer });
    expect(replay.code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    const results = await t.database.db.select().from(memberSignIns).where(eq(memberSignIns.userId, user.id));
    expect(results.map((r) => r.result)).toEqual(expect.arrayContaining(['success', 'passkey']));
    const [row] = await t.database.db.select().from(memberPasskeys).where(eq(memberPasskeys.userId, user.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt?.getTime()).toBe(now.getTime());
  });

  it('refuses another origin, no user verification, a bad signature and a counter that went back', async () => {
    const { device } = await withPasskey();
    expect((await passwordless(device, { origin: 'http://127.0.0.2:8080' })).code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    expect((await passwordless(device, { userVerified: false })).code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    expect((await passwordless(device, { badSignature: true })).code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    expect((await passwordless(device, { counter: 10 })).code).toBe(0);
    expect((await passwordless(device, { counter: 9 })).code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
  });

  it('refuses a passkey nobody registered', async () => {
    const stranger = new SoftAuthenticator(origin);
    expect((await passwordless(stranger)).code).toBe(TwoFactorErrorCode.PasskeyUnknown);
  });

  it('is the second factor after the password, and only with the member’s own passkey', async () => {
    const { user, device } = await withPasskey();
    const other = await withPasskey();
    const challenge = (
      (await call('POST', '/app-api/member/auth/login', null, { mobile: user.mobile, password: user.password })).data as {
        challenge: string;
      }
    ).challenge;
    const asked = await options('/app-api/member/auth/login/passkey/options', null, { challenge });
    expect((asked as { allowCredentials?: { id: string }[] }).allowCredentials?.map((c) => c.id)).toEqual([device.id]);
    const foreign = await call('POST', '/app-api/member/auth/login/passkey', null, {
      challenge,
      credential: other.device.assert(asked),
    });
    expect(foreign.code).toBe(TwoFactorErrorCode.PasskeyUnknown);
    // A passwordless challenge does not answer the second-factor step.
    const loose = await options('/app-api/member/auth/login/passkey/options', null);
    const crossed = await call('POST', '/app-api/member/auth/login/passkey', null, {
      challenge,
      credential: device.assert(loose),
    });
    expect(crossed.code).toBe(TwoFactorErrorCode.PasskeyNotAccepted);
    const fresh = await options('/app-api/member/auth/login/passkey/options', null, { challenge });
    const done = await call('POST', '/app-api/member/auth/login/passkey', null, { challenge, credential: device.assert(fresh) });
    expect(done.code).toBe(0);
    // The password step's challenge is used up.
    const reused = await call('POST', '/app-api/member/auth/login/passkey/options', null, { challenge });
    expect(reused.code).toBe(TwoFactorErrorCode.ChallengeExpired);
  });

  it('holds the try limit under 50 parallel wrong answers', async () => {
    const { user, device } = await withPasskey();
    const asked = await Promise.all(
      Array.from({ length: 50 }, () => options('/app-api/member/auth/login/passkey/options', null)),
    );
    const answers = await Promise.all(
      asked.map((o) =>
        call('POST', '/app-api/member/auth/login/passkey', null, { credential: device.assert(o, { badSignature: true }) }),
      ),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === TwoFactorErrorCode.PasskeyNotAccepted).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === AuthErrorCode.TooManyAttempts).length).toBeGreaterThanOrEqual(45);
    // Locked: even a right answer waits.
    expect((await passwordless(device)).code).toBe(AuthErrorCode.TooManyAttempts);
    const results = await t.database.db.select().from(memberSignIns).where(eq(memberSignIns.userId, user.id));
    expect(results.map((r) => r.result)).toContain('locked');
    advance(16 * 60 * 1000);
    expect((await passwordless(device)).code).toBe(0);
  });
});

describe('managing passkeys', () => {
  it('lists, renames and removes, with a recent check by passkey', async () => {
    const { user, token, device, id } = await withPasskey();
    const list = await call('GET', '/app-api/ip/two-factor/passkeys', token);
    expect(list.data).toEqual([expect.objectContaining({ id, name: 'Laptop' })]);
    expect((await call('PUT', '/app-api/ip/two-factor/passkeys/name', token, { id, name: 'Work laptop' })).data).toMatchObject({
      name: 'Work laptop',
    });
    advance(STEP_UP_WINDOW_MS + 1000);
    expect((await call('POST', '/app-api/ip/two-factor/passkeys/remove', token, { id })).code).toBe(
      TwoFactorErrorCode.RecentCheckRequired,
    );
    const asked = await options('/app-api/ip/two-factor/passkeys/verify/options', token);
    expect((await call('POST', '/app-api/ip/two-factor/passkeys/verify', token, { credential: device.assert(asked) })).data).toBe(
      true,
    );

    // Another member's passkey cannot be renamed or removed.
    const other = await withPasskey();
    expect((await call('POST', '/app-api/ip/two-factor/passkeys/remove', token, { id: other.id })).code).toBe(
      TwoFactorErrorCode.PasskeyUnknown,
    );
    // The account requires two factors: the last one stays.
    await setAccountRequirement(t.database.db, user.id, true, now);
    expect((await call('POST', '/app-api/ip/two-factor/passkeys/remove', token, { id })).code).toBe(
      TwoFactorErrorCode.RequirementBlocks,
    );
    await setAccountRequirement(t.database.db, user.id, false, now);
    expect((await call('POST', '/app-api/ip/two-factor/passkeys/remove', token, { id })).data).toBe(true);
    expect((await call('GET', '/app-api/ip/two-factor/status', token)).data).toMatchObject({ enabled: false, passkeys: 0 });
    // Gone: the password alone signs in again, and the passkey no longer does.
    const login = await call('POST', '/app-api/member/auth/login', null, { mobile: user.mobile, password: user.password });
    expect((login.data as { token?: string }).token).toBeTruthy();
    expect((await passwordless(device)).code).toBe(TwoFactorErrorCode.PasskeyUnknown);
  });

  it('lets a member with only passkeys through an account that requires two factors', async () => {
    const { user, token } = await withPasskey();
    await setAccountRequirement(t.database.db, user.id, true, now);
    advance(6000);
    expect((await call('GET', '/app-api/member/api-token/list', token)).code).toBe(0);
    await setAccountRequirement(t.database.db, user.id, false, now);
  });
});
