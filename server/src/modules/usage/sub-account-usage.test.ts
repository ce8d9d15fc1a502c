import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { grantTraffic, lotExpiry } from '../accounts/traffic-lots.ts';
import { composeAlert } from '../alerts/jobs.ts';
import type { QueuedAlert } from '../alerts/service.ts';
import { alertQueue } from '../alerts/tables.ts';

const KEY = 'test-proxy-network-key-0123456789';
const MIB = 1024 * 1024;
// An hour before a month ends, so the monthly cap's new month comes within the session's lifetime.
let clock = new Date('2026-11-30T22:30:00Z');

let t: TestApp;
let owner: { id: number; token: string };
let stranger: { id: number; token: string };
let record = 0;

interface Account {
  id: number;
  username: string;
  password: string;
  main: boolean;
  trafficCapMb: number | null;
  capPeriod: 'month' | 'total';
  usedMb: number;
  totalUsedMb: number;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock, env: { PROXY_NETWORK_API_KEY: KEY, PROXY_REQUIRE_CERTIFICATION: 'false' } });
  const a = await createTestUser(t.app.db);
  const b = await createTestUser(t.app.db);
  owner = { id: a.id, token: await loginToken(t.app, a.mobile as string, a.password) };
  stranger = { id: b.id, token: await loginToken(t.app, b.mobile as string, b.password) };
  for (const u of [owner, stranger]) {
    await t.app.db.transaction((tx) =>
      grantTraffic(tx, { userId: u.id, source: 'grant', mb: 100_000, creditedAt: clock, expiresAt: lotExpiry(clock, 365) }),
    );
  }
});
afterAll(() => t.close());

const ingest = async (records: object[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/usage',
    headers: { 'x-api-key': KEY },
    payload: { records },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { applied: number; duplicates: number; cappedAccounts: string[]; exhaustedUserIds: number[] };
};
const use = (userId: number, username: string | undefined, mb: number, at = clock) => ({
  id: `r${++record}`,
  userId,
  bytes: mb * MIB,
  usedAt: at.getTime(),
  ...(username !== undefined && { username }),
});
const accounts = async (token = owner.token) =>
  (await t.app.inject({ url: '/app-api/ip/proxy-account/list', headers: bearer(token) })).json().data.accounts as Account[];
const create = async (name: string, trafficCapMb: number | null, capPeriod?: 'month' | 'total') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/app-api/ip/proxy-account/create',
    headers: bearer(owner.token),
    payload: { name, trafficCapMb, ...(capPeriod && { capPeriod }) },
  });
  return res.json().data as Account;
};
const verify = async (a: Pick<Account, 'username' | 'password'>) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/app-api/proxy-network/verify',
      headers: { 'x-api-key': KEY },
      payload: { username: `${a.username}-zone-resi-region-US`, password: a.password },
    })
  ).json().data as { allowed: boolean; reason: string };
const balance = async (id: number) => (await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, id)))[0]?.limitBalance;
const find = async (id: number) => (await accounts()).find((a) => a.id === id) as Account;

describe('sub-account usage and caps', () => {
  it('counts a sub-account up to its cap, refuses it there and leaves the main account alone', async () => {
    const [main] = await accounts();
    const shop = await create('capshop', 100);
    expect(shop).toMatchObject({ trafficCapMb: 100, capPeriod: 'month', usedMb: 0, totalUsedMb: 0 });
    const before = await balance(owner.id);

    const first = await ingest([use(owner.id, `${shop.username}-zone-resi-region-US-sid-abc123-t-10`, 60)]);
    expect(first).toMatchObject({ applied: 1, cappedAccounts: [] });
    expect(await find(shop.id)).toMatchObject({ usedMb: 60, totalUsedMb: 60 });
    expect(await verify(shop)).toMatchObject({ allowed: true, reason: 'ok' });

    const second = await ingest([use(owner.id, shop.username, 40)]);
    expect(second.cappedAccounts).toEqual([shop.username]);
    expect(await find(shop.id)).toMatchObject({ usedMb: 100 });
    expect(await verify(shop)).toMatchObject({ allowed: false, reason: 'cap_reached' });
    expect(await verify(main as Account)).toMatchObject({ allowed: true, reason: 'ok' });
    // The owner pays for what the sub-account used, like any usage.
    expect(await balance(owner.id)).toBe((before ?? 0) - 100);

    // Raising the cap lets it work again at once.
    await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/proxy-account/update',
      headers: bearer(owner.token),
      payload: { id: shop.id, trafficCapMb: 200 },
    });
    expect(await verify(shop)).toMatchObject({ allowed: true });
  });

  it('counts 50 parallel copies of a batch once, and 50 different batches all', async () => {
    const sub = await create('parallel', null);
    const batch = [use(owner.id, sub.username, 3), use(owner.id, sub.username, 2)];
    const copies = await Promise.all(Array.from({ length: 50 }, () => ingest(batch)));
    expect(copies.reduce((n, r) => n + r.applied, 0)).toBe(2);
    expect(await find(sub.id)).toMatchObject({ usedMb: 5, totalUsedMb: 5 });

    await Promise.all(Array.from({ length: 50 }, () => ingest([use(owner.id, sub.username, 1)])));
    expect(await find(sub.id)).toMatchObject({ usedMb: 55, totalUsedMb: 55 });
  });

  it("keeps old batches working: usage without a username is the user's alone", async () => {
    const sub = await create('oldformat', 10);
    const before = await balance(owner.id);
    expect(await ingest([use(owner.id, undefined, 7)])).toMatchObject({ applied: 1, cappedAccounts: [] });
    expect(await balance(owner.id)).toBe((before ?? 0) - 7);
    expect(await find(sub.id)).toMatchObject({ usedMb: 0 });
  });

  it("never counts usage against another user's account", async () => {
    const sub = await create('notyours', 10);
    await ingest([use(stranger.id, sub.username, 20)]);
    expect(await find(sub.id)).toMatchObject({ usedMb: 0 });
    expect(await verify(sub)).toMatchObject({ allowed: true });
  });

  it('starts a monthly cap again in the next month; a total cap keeps counting', async () => {
    const monthly = await create('monthly', 10);
    const total = await create('lifetime', 10, 'total');
    await ingest([use(owner.id, monthly.username, 10), use(owner.id, total.username, 10)]);
    expect(await verify(monthly)).toMatchObject({ reason: 'cap_reached' });
    expect(await verify(total)).toMatchObject({ reason: 'cap_reached' });

    const saved = clock;
    clock = new Date('2026-12-01T00:00:05Z');
    try {
      expect(await find(monthly.id)).toMatchObject({ usedMb: 0, totalUsedMb: 10 });
      expect(await verify(monthly)).toMatchObject({ allowed: true });
      expect(await verify(total)).toMatchObject({ reason: 'cap_reached' });
      // A late record of November counts in the total, not in December.
      await ingest([use(owner.id, monthly.username, 4, saved), use(owner.id, monthly.username, 3)]);
      expect(await find(monthly.id)).toMatchObject({ usedMb: 3, totalUsedMb: 17 });
    } finally {
      clock = saved;
    }
  });

  it('alerts the owner once at 80 % and once at 100 % of a cap', async () => {
    const alerts = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/alert-settings/update',
      headers: { ...bearer(owner.token), 'accept-language': 'en' },
      payload: { thresholdGb: null, channels: ['sms'] },
    });
    expect(alerts.json().code).toBe(0);
    const sub = await create('alerted', 100);
    const capAlerts = async () =>
      (
        await t.app.db
          .select()
          .from(alertQueue)
          .where(and(eq(alertQueue.userId, owner.id), eq(alertQueue.kind, 'cap')))
      ).filter((a) => a.params.account === sub.username);
    await ingest([use(owner.id, sub.username, 79)]);
    expect(await capAlerts()).toHaveLength(0);
    await ingest([use(owner.id, sub.username, 1)]);
    expect((await capAlerts()).map((a) => a.params.level)).toEqual([80]);
    await ingest([use(owner.id, sub.username, 5)]);
    expect(await capAlerts()).toHaveLength(1);
    await Promise.all(Array.from({ length: 50 }, () => ingest([use(owner.id, sub.username, 1)])));
    const queued = await capAlerts();
    expect(queued.map((a) => a.params.level)).toEqual([80, 100]);
    const reached = await composeAlert(t.app.db, queued[1] as QueuedAlert);
    expect(reached.subject).toContain(`${sub.username} has reached its cap`);
    expect(reached.text).toMatch(/monthly cap \(100 MB\) and is paused until next month.*\/admin\/account-password-auth$/);
  });

  it('refuses a bad usage record field with a 400 and applies nothing', async () => {
    for (const bad of [{ country: 'USA' }, { protocol: 'ftp' }, { requests: -1 }, { host: 'a b' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/app-api/proxy-network/usage',
        headers: { 'x-api-key': KEY, 'accept-language': 'en' },
        payload: { records: [{ ...use(owner.id, 'whatever', 1), ...bad }] },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
