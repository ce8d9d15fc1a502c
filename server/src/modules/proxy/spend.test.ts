import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { grantTraffic, lotExpiry } from '../accounts/traffic-lots.ts';
import { composeAlert } from '../alerts/jobs.ts';
import type { QueuedAlert } from '../alerts/service.ts';
import { alertQueue } from '../alerts/tables.ts';

const KEY = 'test-proxy-network-key-0123456789';
const MIB = 1024 * 1024;
// Late on the last day of a month: the next day and the next month come within the test.
let clock = new Date('2026-11-30T22:00:00Z');

let t: TestApp;
let record = 0;

interface Member {
  id: number;
  token: string;
}
interface Account {
  id: number;
  username: string;
  password: string;
  main: boolean;
  dailyLimitMb: number | null;
  monthlyLimitMb: number | null;
  todayUsedMb: number;
  monthUsedMb: number;
}
interface Verdict {
  allowed: boolean;
  reason: string;
  limit?: { scope: string; period: string; limitMb: number; usedMb: number; resetsAt: number };
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock, env: { PROXY_NETWORK_API_KEY: KEY, PROXY_REQUIRE_CERTIFICATION: 'false' } });
});
afterAll(() => t.close());

async function member(): Promise<Member> {
  const u = await createTestUser(t.app.db);
  await t.app.db.transaction((tx) =>
    grantTraffic(tx, { userId: u.id, source: 'grant', mb: 100_000, creditedAt: clock, expiresAt: lotExpiry(clock, 365) }),
  );
  return { id: u.id, token: await loginToken(t.app, u.mobile as string, u.password) };
}

const ingest = async (records: object[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/usage',
    headers: { 'x-api-key': KEY },
    payload: { records },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { applied: number; limitedUserIds: number[]; limitedAccounts: string[] };
};
const use = (userId: number, username: string | undefined, mb: number, at = clock) => ({
  id: `s${++record}`,
  userId,
  bytes: mb * MIB,
  usedAt: at.getTime(),
  ...(username !== undefined && { username }),
});
const list = async (m: Member) =>
  (await t.app.inject({ url: '/app-api/ip/proxy-account/list', headers: bearer(m.token) })).json().data as {
    accounts: Account[];
    spendLimits: Pick<Account, 'dailyLimitMb' | 'monthlyLimitMb' | 'todayUsedMb' | 'monthUsedMb'>;
  };
const post = (m: Member, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(m.token), 'accept-language': 'en' }, payload });
const setAccountLimits = (m: Member, dailyLimitMb: number | null, monthlyLimitMb: number | null) =>
  post(m, '/app-api/ip/proxy-account/spend-limits', { dailyLimitMb, monthlyLimitMb });
const createSub = async (m: Member, name: string, limits: object) =>
  (await post(m, '/app-api/ip/proxy-account/create', { name, ...limits })).json().data as Account;
const verify = async (a: Pick<Account, 'username' | 'password'>) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/app-api/proxy-network/verify',
      headers: { 'x-api-key': KEY },
      payload: { username: `${a.username}-zone-resi-region-US`, password: a.password },
    })
  ).json().data as Verdict;

describe('spend limits', () => {
  it("stops every account of the user at the account's daily limit, and lets them run again the next day", async () => {
    clock = new Date('2026-11-30T22:00:00Z');
    const m = await member();
    const set = await setAccountLimits(m, 100, null);
    expect(set.json().data).toEqual({ dailyLimitMb: 100, monthlyLimitMb: null, todayUsedMb: 0, monthUsedMb: 0 });
    const sub = await createSub(m, 'daily', {});
    const [main] = (await list(m)).accounts as [Account];

    // Usage the network did not name counts for the account too.
    expect(await ingest([use(m.id, undefined, 60)])).toMatchObject({ limitedUserIds: [] });
    expect(await verify(sub)).toMatchObject({ allowed: true, reason: 'ok' });
    const reached = await ingest([use(m.id, sub.username, 40)]);
    expect(reached.limitedUserIds).toEqual([m.id]);
    expect((await list(m)).spendLimits).toMatchObject({ todayUsedMb: 100, monthUsedMb: 100 });
    for (const account of [main, sub]) {
      expect(await verify(account)).toEqual(
        expect.objectContaining({
          allowed: false,
          reason: 'daily_limit_reached',
          limit: { scope: 'account', period: 'day', limitMb: 100, usedMb: 100, resetsAt: Date.parse('2026-12-01T00:00:00Z') },
        }),
      );
    }
    // Raising the limit lets them work at once; the next UTC day starts from nothing.
    await setAccountLimits(m, 200, null);
    expect(await verify(main)).toMatchObject({ allowed: true });
    await setAccountLimits(m, 100, null);
    expect(await verify(main)).toMatchObject({ reason: 'daily_limit_reached' });
    clock = new Date('2026-12-01T00:00:01Z');
    expect(await verify(main)).toMatchObject({ allowed: true, reason: 'ok' });
    expect((await list(m)).spendLimits).toMatchObject({ todayUsedMb: 0, monthUsedMb: 0 });
    // A late record of the day before counts for that day, not for today.
    await ingest([use(m.id, undefined, 30, new Date('2026-11-30T23:59:00Z'))]);
    expect((await list(m)).spendLimits).toMatchObject({ todayUsedMb: 0 });
  });

  it("counts the day from its start when a limit is set mid-day, and refuses at the account's monthly limit", async () => {
    clock = new Date('2026-12-05T10:00:00Z');
    const m = await member();
    await ingest([use(m.id, undefined, 300, new Date('2026-12-02T10:00:00Z'))]);
    await ingest([use(m.id, undefined, 50)]);
    await setAccountLimits(m, 50, 1000);
    const [main] = (await list(m)).accounts as [Account];
    expect(await verify(main)).toMatchObject({ reason: 'daily_limit_reached' });
    await setAccountLimits(m, null, 350);
    expect(await verify(main)).toMatchObject({
      allowed: false,
      reason: 'monthly_limit_reached',
      limit: { scope: 'account', period: 'month', limitMb: 350, usedMb: 350, resetsAt: Date.parse('2027-01-01T00:00:00Z') },
    });
    await setAccountLimits(m, null, null);
    expect(await verify(main)).toMatchObject({ allowed: true });
  });

  it("stops a sub-account at its own limits and leaves the user's other accounts alone", async () => {
    clock = new Date('2026-12-06T08:00:00Z');
    const m = await member();
    const sub = await createSub(m, 'limited', { dailyLimitMb: 20, monthlyLimitMb: 30 });
    const other = await createSub(m, 'free', {});
    const [main] = (await list(m)).accounts as [Account];
    const reached = await ingest([use(m.id, `${sub.username}-zone-resi-region-US-sid-x1`, 20), use(m.id, other.username, 500)]);
    expect(reached.limitedAccounts).toEqual([sub.username]);
    expect(await verify(sub)).toMatchObject({
      reason: 'daily_limit_reached',
      limit: { scope: 'sub_account', period: 'day', limitMb: 20, usedMb: 20 },
    });
    expect(await verify(other)).toMatchObject({ allowed: true });
    expect(await verify(main)).toMatchObject({ allowed: true });
    clock = new Date('2026-12-07T08:00:00Z');
    expect(await verify(sub)).toMatchObject({ allowed: true });
    await ingest([use(m.id, sub.username, 10)]);
    expect((await list(m)).accounts.find((a) => a.id === sub.id)).toMatchObject({ todayUsedMb: 10, monthUsedMb: 30 });
    expect(await verify(sub)).toMatchObject({
      reason: 'monthly_limit_reached',
      limit: { scope: 'sub_account', period: 'month' },
    });
  });

  it('holds under 50 parallel batches: each record counts once, and the limit alerts once', async () => {
    clock = new Date('2026-12-08T08:00:00Z');
    const m = await member();
    await post(m, '/app-api/member/alert-settings/update', { thresholdGb: null, channels: ['sms'] });
    await setAccountLimits(m, 40, null);
    const sub = await createSub(m, 'parallel', { dailyLimitMb: 25 });
    const same = use(m.id, sub.username, 1);
    await Promise.all(Array.from({ length: 50 }, () => ingest([same])));
    expect((await list(m)).spendLimits.todayUsedMb).toBe(1);
    await Promise.all(Array.from({ length: 50 }, () => ingest([use(m.id, sub.username, 1)])));
    const after = await list(m);
    expect(after.spendLimits.todayUsedMb).toBe(51);
    expect(after.accounts.find((a) => a.id === sub.id)?.todayUsedMb).toBe(51);
    const queued = await t.app.db
      .select()
      .from(alertQueue)
      .where(and(eq(alertQueue.userId, m.id), eq(alertQueue.kind, 'limit')));
    expect(queued.map((a) => [a.params.scope, a.params.period, a.params.limitMb])).toEqual(
      expect.arrayContaining([
        ['account', 'day', 40],
        ['sub_account', 'day', 25],
      ]),
    );
    expect(queued).toHaveLength(2);
    const account = queued.find((a) => a.params.scope === 'account') as QueuedAlert;
    const message = await composeAlert(t.app.db, account);
    expect(message.subject).toContain('your account has reached its daily spend limit');
    expect(message.text).toMatch(
      /daily limit of 40 MB .*pauses all your accounts until midnight UTC.*\/admin\/account-password-auth$/,
    );
  });

  it('refuses limits on the main account and bad limits with a 400, keeping what was set', async () => {
    const m = await member();
    await setAccountLimits(m, 10, 20);
    const [main] = (await list(m)).accounts as [Account];
    const onMain = await post(m, '/app-api/ip/proxy-account/update', { id: main.id, dailyLimitMb: 5 });
    expect(onMain.json().code).not.toBe(0);
    for (const bad of [
      { dailyLimitMb: 0, monthlyLimitMb: null },
      { dailyLimitMb: -1, monthlyLimitMb: 5 },
      { dailyLimitMb: 1.5 },
    ]) {
      const res = await post(m, '/app-api/ip/proxy-account/spend-limits', bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await list(m)).spendLimits).toMatchObject({ dailyLimitMb: 10, monthlyLimitMb: 20 });
    // Another member's limits are their own.
    const other = await member();
    expect((await list(other)).spendLimits).toMatchObject({ dailyLimitMb: null, monthlyLimitMb: null });
  });
});
