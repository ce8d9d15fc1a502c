import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { grantTraffic, lotExpiry } from '../accounts/traffic-lots.ts';

const KEY = 'test-proxy-network-key-0123456789';
const MIB = 1024 * 1024;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date('2026-11-21T10:30:00Z');
const today = Date.parse('2026-11-21T00:00:00Z');

let t: TestApp;
let owner: { id: number; token: string };
let other: { id: number; token: string };
let record = 0;
const subs: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { PROXY_NETWORK_API_KEY: KEY } });
  for (const who of ['owner', 'other'] as const) {
    const u = await createTestUser(t.app.db);
    const session = { id: u.id, token: await loginToken(t.app, u.mobile as string, u.password) };
    if (who === 'owner') owner = session;
    else other = session;
    await t.app.db.transaction((tx) =>
      grantTraffic(tx, { userId: u.id, source: 'grant', mb: 1_000_000, creditedAt: now, expiresAt: lotExpiry(now, 365) }),
    );
  }
  for (const name of ['alpha', 'beta']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/proxy-account/create',
      headers: bearer(owner.token),
      payload: { name },
    });
    subs.push(res.json().data.username);
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
  return res.json().data;
};
const rec = (fields: { usedAt: number; mb: number } & Record<string, unknown>, userId = owner.id) => {
  const { mb, ...rest } = fields;
  return { id: `b${++record}`, userId, bytes: mb * MIB, ...rest };
};
const breakdown = async (query: Record<string, string | number>, token = owner.token) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.app.inject({ url: `/app-api/ip/usage/breakdown?${qs}`, headers: { ...bearer(token), 'accept-language': 'en' } });
};
const range = { from: today - 2 * DAY, to: today + DAY };

describe('usage breakdown', () => {
  it('splits usage by sub-account, domain and country, by day and by hour, and counts a resent batch once', async () => {
    const batch = [
      rec({
        usedAt: today - DAY + 3 * HOUR,
        mb: 10,
        username: `${subs[0]}-zone-resi-region-US`,
        host: 'Shop.Example.com',
        country: 'us',
        requests: 100,
        failedRequests: 5,
      }),
      rec({ usedAt: today + 2 * HOUR, mb: 20, username: subs[1], host: 'api.example.org', country: 'DE', requests: 50 }),
      rec({
        usedAt: today + 2 * HOUR + 60_000,
        mb: 5,
        username: subs[0],
        host: 'api.example.org',
        country: 'DE',
        requests: 10,
        failedRequests: 1,
      }),
      rec({ usedAt: today + 3 * HOUR, mb: 1 }),
    ];
    await ingest(batch);
    await Promise.all(Array.from({ length: 20 }, () => ingest(batch)));

    const bySub = (await breakdown({ ...range, groupBy: 'subAccount' })).json().data;
    expect(bySub.total).toEqual({ bytes: 36 * MIB, requests: 160, failedRequests: 6 });
    expect(bySub.groups).toEqual([
      { key: subs[1], other: false, bytes: 20 * MIB, requests: 50, failedRequests: 0 },
      { key: subs[0], other: false, bytes: 15 * MIB, requests: 110, failedRequests: 6 },
      { key: null, other: false, bytes: 1 * MIB, requests: 0, failedRequests: 0 },
    ]);
    expect(bySub.points.map((p: { start: number; key: string | null }) => [p.start, p.key])).toEqual([
      [today - DAY, subs[0]],
      [today, subs[1]],
      [today, subs[0]],
      [today, null],
    ]);

    const byDomain = (await breakdown({ ...range, groupBy: 'domain' })).json().data;
    expect(byDomain.groups.map((g: { key: string | null }) => g.key)).toEqual(['api.example.org', 'shop.example.com', null]);
    const byCountry = (await breakdown({ ...range, groupBy: 'country' })).json().data;
    expect(byCountry.groups.map((g: { key: string | null; bytes: number }) => [g.key, g.bytes / MIB])).toEqual([
      ['DE', 25],
      ['US', 10],
      [null, 1],
    ]);

    const hourly = (await breakdown({ from: today, to: today + DAY, granularity: 'hour' })).json().data;
    expect(hourly.points.map((p: { start: number; bytes: number }) => [p.start - today, p.bytes / MIB])).toEqual([
      [2 * HOUR, 25],
      [3 * HOUR, 1],
    ]);
    // Days of Shanghai (UTC+8): 21 Nov 03:00 UTC is 21 Nov 11:00 there, in the day that began 20 Nov 16:00 UTC.
    const shanghai = (await breakdown({ ...range, timeZone: 'Asia/Shanghai' })).json().data;
    expect(shanghai.points.map((p: { start: number }) => p.start - today)).toEqual([-DAY - 8 * HOUR, -8 * HOUR]);
  });

  it('answers UTC days from the daily roll-ups exactly as the hours add up, partial first and last days included', async () => {
    // Africa/Abidjan is UTC+0 all year, but it is not "UTC": its days are summed from the hours.
    for (const groupBy of ['subAccount', 'domain', 'country', 'none']) {
      for (const window of [
        range,
        { from: today - 2 * DAY + 3 * HOUR, to: today + 2 * HOUR + 30 * 60_000 },
        { from: today + HOUR, to: today + 5 * HOUR },
      ]) {
        const fromDays = (await breakdown({ ...window, groupBy })).json().data;
        const fromHours = (await breakdown({ ...window, groupBy, timeZone: 'Africa/Abidjan' })).json().data;
        expect({ ...fromDays, timeZone: 'Africa/Abidjan' }).toEqual(fromHours);
        expect(fromDays.points.length).toBeGreaterThan(0);
      }
    }
  });

  it('shows the busiest 20 domains and sums the rest as one group', async () => {
    const at = today - 2 * DAY + HOUR;
    await ingest(Array.from({ length: 25 }, (_, i) => rec({ usedAt: at, mb: 100 + i, host: `site${i}.example.net` })));
    const data = (await breakdown({ from: at, to: at + HOUR, groupBy: 'domain' })).json().data;
    expect(data.groups).toHaveLength(21);
    expect(data.groups[0].key).toBe('site24.example.net');
    expect(data.groups[20]).toMatchObject({ key: null, other: true, bytes: (100 + 101 + 102 + 103 + 104) * MIB });
    expect(data.total.bytes).toBe(Array.from({ length: 25 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0) * MIB);
  });

  it('shows a member only their own usage, and refuses ranges it cannot cover with a 400', async () => {
    const data = (await breakdown(range, other.token)).json().data;
    expect(data).toMatchObject({ groups: [], points: [], total: { bytes: 0, requests: 0, failedRequests: 0 } });
    expect((await t.app.inject({ url: `/app-api/ip/usage/breakdown?from=${range.from}&to=${range.to}` })).json().code).toBe(401);
    for (const [query, message] of [
      [{ from: today, to: today - 1 }, 'The end of the range must come after its start'],
      [{ from: today - 91 * DAY, to: today }, 'Choose a range of at most 90 days'],
      [{ from: today - 32 * DAY, to: today, granularity: 'hour' }, 'Hourly figures cover at most 31 days'],
      [{ ...range, timeZone: 'Mars/Olympus' }, 'Choose a time zone from the list'],
      [{ ...range, groupBy: 'isp' }, ''],
    ] as const) {
      const res = await breakdown(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(message);
    }
  });

  it('answers /api/v1/usage with the breakdown for a read token, the last 30 days by default', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/app-api/member/api-token/create',
      headers: bearer(owner.token),
      payload: { name: 'reports', scopes: ['usage:read'] },
    });
    const secret = created.json().data.secret as string;
    const get = (qs: string) =>
      t.app.inject({ url: `/api/v1/usage${qs}`, headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en' } });
    const plain = (await get('')).json();
    expect(plain).toMatchObject({
      remainingMb: expect.any(Number),
      breakdown: { groupBy: 'none', granularity: 'day', timeZone: 'UTC' },
    });
    expect(plain.breakdown.to - plain.breakdown.from).toBe(30 * DAY);
    const bySub = (await get(`?from=${range.from}&to=${range.to}&groupBy=subAccount`)).json();
    // The earlier test's 25 domains were not reported by account: the busiest group.
    expect(bySub.breakdown.groups.map((g: { key: string | null }) => g.key)).toEqual([null, subs[1], subs[0]]);
    const tooLong = await get(`?from=${today - 100 * DAY}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { code: 'invalid_request', message: 'Choose a range of at most 90 days' } });
  });
});
