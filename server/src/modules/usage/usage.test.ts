import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { grantTraffic, lotExpiry } from '../accounts/traffic-lots.ts';

const KEY = 'test-proxy-network-key-0123456789';
const MIB = 1024 * 1024;
const HOUR = 3_600_000;
const now = new Date('2026-11-21T10:30:00Z');
const today = Date.parse('2026-11-21T00:00:00Z');

let t: TestApp;
let user: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { PROXY_NETWORK_API_KEY: KEY } });
  const a = await createTestUser(t.app.db);
  const b = await createTestUser(t.app.db);
  user = { id: a.id, token: await loginToken(t.app, a.mobile as string, a.password) };
  other = { id: b.id, token: await loginToken(t.app, b.mobile as string, b.password) };
  await grant(user.id, 10);
});
afterAll(() => t.close());

const ingest = (records: unknown[], key: string | null = KEY) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/usage',
    payload: { records },
    headers: key ? { 'x-api-key': key } : {},
  });
const grant = (userId: number, mb: number) =>
  t.app.db.transaction((tx) => grantTraffic(tx, { userId, source: 'grant', mb, creditedAt: now, expiresAt: lotExpiry(now, 30) }));
const balance = async (id: number) => (await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, id)))[0]?.limitBalance;

describe('usage ingestion and deductions', () => {
  it('refuses callers without the API key', async () => {
    expect((await ingest([{ id: 'x', userId: user.id, bytes: 1, usedAt: now.getTime() }], null)).statusCode).toBe(403);
    expect((await ingest([{ id: 'x', userId: user.id, bytes: 1, usedAt: now.getTime() }], `${KEY}x`)).statusCode).toBe(403);
    expect((await ingest([{ id: 'x', userId: user.id, bytes: -1, usedAt: 0 }])).statusCode).toBe(400);
    expect(await balance(user.id)).toBe(10);
  });

  it('checks the API key before the body: a caller without it learns nothing of the schema', async () => {
    for (const key of [null, `${KEY}x`]) {
      const bad = await ingest([{ id: '', userId: 'x', bytes: -1 }], key);
      expect(bad.statusCode).toBe(403);
      expect(bad.json()).toEqual({ code: 403, data: null, msg: expect.any(String) });
      const unreadable = await t.app.inject({
        method: 'POST',
        url: '/app-api/proxy-network/usage',
        headers: { 'content-type': 'application/json', ...(key && { 'x-api-key': key }) },
        payload: '{"records": [',
      });
      expect(unreadable.statusCode).toBe(403);
    }
  });

  it('bills each UTC hour in whole MB rounded up, once per record id', async () => {
    const hour = today + 9 * HOUR;
    const batch = [
      { id: 'r1', userId: user.id, bytes: MIB + 1, usedAt: hour + 60_000 }, // 1 MiB + 1 byte
      { id: 'r2', userId: user.id, bytes: MIB - 1, usedAt: hour + 120_000 }, // same hour: 2 MiB → 2 MB
      { id: 'r3', userId: user.id, bytes: 10, usedAt: hour + HOUR }, // next hour: 1 MB
      { id: 'ghost', userId: 999_999, bytes: 10, usedAt: hour },
    ];
    const first = await ingest(batch);
    expect(first.json().data).toEqual({
      applied: 3,
      duplicates: 0,
      unknownUsers: 1,
      exhaustedUserIds: [],
      cappedAccounts: [],
      limitedUserIds: [],
      limitedAccounts: [],
    });
    expect(await balance(user.id)).toBe(7);
    // The network resends the whole batch: nothing changes.
    const again = await ingest(batch);
    expect(again.json().data).toMatchObject({ applied: 0, duplicates: 3 });
    expect(await balance(user.id)).toBe(7);
    // More usage in the first hour: 2 MiB + 1 byte → 3 MB in total, so 1 more.
    await ingest([{ id: 'r4', userId: user.id, bytes: 1, usedAt: hour + 1 }]);
    expect(await balance(user.id)).toBe(6);

    const res = await t.app.inject({ method: 'GET', url: '/app-api/ip/deduct-hour-record/list', headers: bearer(user.token) });
    const { list, total } = res.json().data;
    expect(total).toBe(2);
    expect(list[0]).toMatchObject({ hour: hour + HOUR, usedBytes: 10, deductedMb: 1, uncoveredMb: 0 });
    expect(list[1]).toMatchObject({ hour, usedBytes: 2 * MIB + 1, deductedMb: 3, uncoveredMb: 0, balanceAfterMb: 6 });
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/app-api/ip/deduct-hour-record/list?from=${hour + HOUR}`,
      headers: bearer(user.token),
    });
    expect(filtered.json().data.total).toBe(1);
  });

  it('never takes the balance below zero: the rest is recorded as uncovered', async () => {
    // Same hour as r3 (10:00 UTC): 20 MiB + 10 bytes → 21 MB for the hour, 1 already charged.
    const res = await ingest([{ id: 'big', userId: user.id, bytes: 20 * MIB, usedAt: now.getTime() }]);
    expect(res.json().data.exhaustedUserIds).toEqual([user.id]);
    expect(await balance(user.id)).toBe(0);
    const list = await t.app.inject({ method: 'GET', url: '/app-api/ip/deduct-hour-record/list', headers: bearer(user.token) });
    expect(list.json().data.list[0]).toMatchObject({
      usedBytes: 20 * MIB + 10,
      deductedMb: 7,
      uncoveredMb: 14,
      balanceAfterMb: 0,
    });
  });

  it('applies concurrent batches of the same records once', async () => {
    await grant(other.id, 100);
    const records = Array.from({ length: 30 }, (_, i) => ({
      id: `c${i}`,
      userId: other.id,
      bytes: MIB,
      usedAt: today + (i % 3) * HOUR,
    }));
    const results = await Promise.all([ingest(records), ingest(records), ingest(records)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.reduce((n, r) => n + r.json().data.applied, 0)).toBe(30);
    expect(await balance(other.id)).toBe(70);
  });

  it('shows the dashboard figures in UTC days, only to their owner', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-api/ip/member-user/statistics', headers: bearer(user.token) });
    const stats = res.json().data;
    expect(stats).toMatchObject({ remainingMb: 0, totalConsumptionMb: 10, totalRechargeMb: 0, totalRechargeFen: 0 });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({ date: '2026-11-21', usedMb: 10 });
    expect(stats.daily[0].date).toBe('2026-10-23');
    const theirs = await t.app.inject({ method: 'GET', url: '/app-api/ip/member-user/statistics', headers: bearer(other.token) });
    expect(theirs.json().data).toMatchObject({ remainingMb: 70, totalConsumptionMb: 30 });
    const anonymous = await t.app.inject({ method: 'GET', url: '/app-api/ip/member-user/statistics' });
    expect(anonymous.json().code).toBe(401);
  });
});
