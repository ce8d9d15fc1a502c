import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import {
  addressKey,
  clearFailures,
  consume,
  failureCount,
  lockedFor,
  purgeRateLimits,
  releaseFailure,
  reserveFailure,
} from './limits.ts';
import { rateLimits } from './tables.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const T0 = new Date('2026-11-21T08:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('consume (quotas)', () => {
  it('allows `limit` events per window, then says how long until the window ends', async () => {
    const q = { key: 'test:a', limit: 2, windowMs: 60_000 };
    expect(await consume(database.db, [q], at(0))).toEqual({ ok: true });
    expect(await consume(database.db, [q], at(10_000))).toEqual({ ok: true });
    expect(await consume(database.db, [q], at(15_000))).toEqual({ ok: false, quota: q, retryAfterMs: 45_000 });
    // The window starts at the first event and restarts after it ends.
    expect(await consume(database.db, [q], at(60_000))).toEqual({ ok: true });
    expect(await consume(database.db, [q], at(61_000))).toEqual({ ok: true });
    expect((await consume(database.db, [q], at(62_000))).ok).toBe(false);
  });

  it('never asks to wait longer than one window, even for a request whose clock ran behind the window start', async () => {
    const q = { key: 'test:racing', limit: 1, windowMs: 60_000 };
    expect(await consume(database.db, [q], at(5))).toEqual({ ok: true });
    // Its `now` was taken 5 ms before the first request opened the window.
    expect(await consume(database.db, [q], at(0))).toEqual({ ok: false, quota: q, retryAfterMs: 60_000 });
  });

  it('takes every quota or none: a refusal does not use up the others', async () => {
    const short = { key: 'test:short', limit: 1, windowMs: 60_000 };
    const daily = { key: 'test:daily', limit: 5, windowMs: 86_400_000 };
    expect((await consume(database.db, [short, daily], at(0))).ok).toBe(true);
    for (let i = 0; i < 10; i++) expect((await consume(database.db, [short, daily], at(1000 + i))).ok).toBe(false);
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:daily'));
    expect(row?.count).toBe(1);
  });

  it('reports the first exhausted quota in the order given', async () => {
    const a = { key: 'test:z-first', limit: 1, windowMs: 60_000 };
    const b = { key: 'test:a-second', limit: 1, windowMs: 60_000 };
    await consume(database.db, [a, b], at(0));
    const result = await consume(database.db, [a, b], at(1));
    expect(result.ok === false && result.quota).toBe(a);
  });

  it('never grants more than the limit to concurrent callers', async () => {
    const q = { key: 'test:race', limit: 3, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 10 }, () => consume(database.db, [q], at(0))));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });
});

describe('failure lockouts', () => {
  const rule = { key: 'test:login', limit: 3, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };
  const reserve = (r: typeof rule, ms: number) => reserveFailure(database.db, [r], at(ms));

  it('counts every reservation as a failure; the limit-th blocks the key for blockMs at once', async () => {
    expect((await reserve(rule, 0)).ok).toBe(true);
    expect((await reserve(rule, 1000)).ok).toBe(true);
    expect(await lockedFor(database.db, [rule.key], at(2000))).toBe(0);
    expect(await reserve(rule, 2000)).toEqual({
      ok: true,
      slots: [{ key: rule.key, count: 3, startedBlock: at(2000 + 15 * 60_000) }],
    });
    expect(await lockedFor(database.db, [rule.key], at(2000))).toBe(15 * 60_000);
    expect(await reserve(rule, 3000)).toEqual({ ok: false, lockedMs: 15 * 60_000 - 1000 });
    expect(await lockedFor(database.db, ['unrelated', rule.key], at(62_000))).toBe(14 * 60_000);
    expect(await lockedFor(database.db, [rule.key], at(2000 + 15 * 60_000))).toBe(0);
    // After the block, a fresh window.
    expect(await reserve(rule, 2000 + 15 * 60_000)).toEqual({
      ok: true,
      slots: [{ key: rule.key, count: 1, startedBlock: null }],
    });
  });

  it('does not add up failures of different windows', async () => {
    const r = { ...rule, key: 'test:spread' };
    await reserve(r, 0);
    await reserve(r, 1000);
    expect(await reserve(r, 15 * 60_000 + 1)).toEqual({ ok: true, slots: [{ key: r.key, count: 1, startedBlock: null }] });
    expect(await lockedFor(database.db, [r.key], at(15 * 60_000 + 2))).toBe(0);
  });

  it('takes a slot of every rule or none: a blocked key refuses without counting the others', async () => {
    const id = { ...rule, key: 'test:all-id' };
    const ip = { ...rule, key: 'test:all-ip', limit: 1 };
    expect((await reserveFailure(database.db, [id, ip], at(0))).ok).toBe(true); // blocks ip
    for (let i = 0; i < 5; i++) expect((await reserveFailure(database.db, [id, ip], at(10 + i))).ok).toBe(false);
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, id.key));
    expect(row?.count).toBe(1);
  });

  it('releaseFailure gives a slot back and lifts the block that slot started', async () => {
    const r = { ...rule, key: 'test:release' };
    await reserve(r, 0);
    const a = await reserve(r, 1);
    const b = await reserve(r, 2);
    if (!a.ok || !b.ok) throw new Error('expected slots');
    expect(await lockedFor(database.db, [r.key], at(3))).toBeGreaterThan(0);
    for (const slot of [...b.slots, ...a.slots]) await releaseFailure(database.db, slot);
    expect(await lockedFor(database.db, [r.key], at(3))).toBe(0);
    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, r.key));
    expect(row?.count).toBe(1);
  });

  it('clearFailures forgets the count and ends a block', async () => {
    const r = { ...rule, key: 'test:clear' };
    for (let i = 0; i < 3; i++) await reserve(r, i);
    expect(await lockedFor(database.db, [r.key], at(10))).toBeGreaterThan(0);
    await clearFailures(database.db, r.key);
    expect(await lockedFor(database.db, [r.key], at(10))).toBe(0);
    expect(await reserve(r, 20)).toEqual({ ok: true, slots: [{ key: r.key, count: 1, startedBlock: null }] });
  });

  it.each([40, 50])('never hands out more than `limit` slots to %i concurrent callers', async (n) => {
    const r = { ...rule, key: `test:race-${n}`, limit: 5 };
    const results = await Promise.all(Array.from({ length: n }, () => reserve(r, 0)));
    expect(results.filter((x) => x.ok)).toHaveLength(5);
  });
});

describe('failure counters (friction, never a block)', () => {
  const counter = { key: 'test:counter', windowMs: 15 * 60_000 };

  it('count every reservation, tell each its place, never block, and start afresh after the window', async () => {
    for (let i = 1; i <= 8; i++) {
      expect(await reserveFailure(database.db, [counter], at(i))).toEqual({
        ok: true,
        slots: [{ key: counter.key, count: i, startedBlock: null }],
      });
    }
    expect(await lockedFor(database.db, [counter.key], at(10))).toBe(0);
    expect(await failureCount(database.db, counter, at(10))).toBe(8);
    expect(await failureCount(database.db, counter, at(1 + 15 * 60_000))).toBe(0);
    expect(await failureCount(database.db, { ...counter, key: 'test:never' }, at(10))).toBe(0);
  });

  it('give 50 concurrent callers 50 distinct places, alongside a rule that stops at 5', async () => {
    const c = { ...counter, key: 'test:counter-race' };
    const rule = { key: 'test:counter-race-rule', limit: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveFailure(database.db, [c], at(0))));
    const places = results.flatMap((r) => (r.ok ? r.slots.map((s) => s.count) : []));
    expect(places.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const both = await Promise.all(Array.from({ length: 50 }, () => reserveFailure(database.db, [rule, c], at(1))));
    expect(both.filter((r) => r.ok)).toHaveLength(5);
    expect(await failureCount(database.db, c, at(2))).toBe(55);
  });
});

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::ffff', '2001:db8:1:2::/64'],
    ['::1', '::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('purgeRateLimits', () => {
  it('deletes rows an hour after their window or block ended, and keeps the others', async () => {
    await consume(database.db, [{ key: 'purge:old', limit: 1, windowMs: 60_000 }], at(0));
    await reserveFailure(database.db, [{ key: 'purge:blocked', limit: 1, windowMs: 60_000, blockMs: 3 * 60 * 60_000 }], at(0));
    await purgeRateLimits(database.db, at(2 * 60 * 60_000));
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('purge:old');
    expect(keys).toContain('purge:blocked');
  });
});
