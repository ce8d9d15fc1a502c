import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { createSandboxGateway, type SandboxGateway } from '../payments/gateways/sandbox.ts';
import { memberUsers, trafficLots } from './tables.ts';
import { expireDueLots, grantTraffic, lotExpiry } from './traffic-lots.ts';

const KEY = 'test-proxy-network-key-0123456789';
const MIB = 1024 * 1024;
const DAY = 86_400_000;
let now = new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let sandbox: SandboxGateway;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { PROXY_NETWORK_API_KEY: KEY, SANDBOX: 'true' } });
  sandbox = createSandboxGateway(t.config);
});
afterAll(() => t.close());

async function member() {
  const u = await createTestUser(t.app.db);
  return { id: u.id, token: await loginToken(t.app, u.mobile as string, u.password) };
}
const grant = (userId: number, mb: number, days: number, at = now) =>
  t.app.db.transaction((tx) => grantTraffic(tx, { userId, source: 'grant', mb, creditedAt: at, expiresAt: lotExpiry(at, days) }));
let seq = 0;
const use = (userId: number, mb: number) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/usage',
    headers: { 'x-api-key': KEY },
    payload: { records: [{ id: `lot-${++seq}`, userId, bytes: mb * MIB, usedAt: now.getTime() }] },
  });
const balance = async (id: number) => (await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, id)))[0]?.limitBalance;
const lotsOf = (id: number) => t.app.db.select().from(trafficLots).where(eq(trafficLots.userId, id)).orderBy(trafficLots.id);
const stats = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/app-api/ip/member-user/statistics', headers: bearer(token) })).json().data;

describe('traffic lots', () => {
  it('draws usage from the lot that expires first, and the records say which lots paid', async () => {
    const u = await member();
    await grant(u.id, 100, 30); // expires last
    await grant(u.id, 50, 10); // expires first
    await grant(u.id, 20, 10); // same expiry, granted later: second
    expect(await balance(u.id)).toBe(170);
    await use(u.id, 60);
    const [late, first, second] = await lotsOf(u.id);
    expect([first?.remainingMb, second?.remainingMb, late?.remainingMb]).toEqual([0, 10, 100]);
    expect(await balance(u.id)).toBe(110);

    const records = await t.app.inject({ method: 'GET', url: '/app-api/ip/deduct-hour-record/list', headers: bearer(u.token) });
    expect(records.json().data.list[0].draws).toEqual([
      { lotId: first?.id, orderNo: null, source: 'grant', expiresAt: first?.expiresAt.getTime(), mb: 50 },
      { lotId: second?.id, orderNo: null, source: 'grant', expiresAt: second?.expiresAt.getTime(), mb: 10 },
    ]);
    // More usage in the same hour adds to the same record's draws.
    await use(u.id, 15);
    const again = await t.app.inject({ method: 'GET', url: '/app-api/ip/deduct-hour-record/list', headers: bearer(u.token) });
    expect(again.json().data.list[0]).toMatchObject({ deductedMb: 75, balanceAfterMb: 95 });
    expect(again.json().data.list[0].draws.map((d: { mb: number }) => d.mb)).toEqual([50, 20, 5]);

    const dash = await stats(u.token);
    expect(dash.remainingMb).toBe(95);
    expect(dash.lots.map((l: { remainingMb: number }) => l.remainingMb)).toEqual([95]);
    expect(dash.usageUpdatedAt).toBe(now.getTime());
  });

  it('expires remainders by the job, records each expiry, and never lets an expired lot pay', async () => {
    const u = await member();
    await grant(u.id, 40, 2);
    await grant(u.id, 30, 5);
    now = new Date(now.getTime() + 3 * DAY);
    // Usage before the job ran: the due lot is expired first, so the later one pays.
    await use(u.id, 10);
    const [gone, kept] = await lotsOf(u.id);
    expect(gone).toMatchObject({ remainingMb: 0, expiredMb: 40, expiredAt: now });
    expect(kept?.remainingMb).toBe(20);
    expect(await balance(u.id)).toBe(20);

    now = new Date(now.getTime() + 3 * DAY);
    const expired = await expireDueLots(t.app.db, now);
    expect(expired.filter((e) => e.userId === u.id)).toEqual([
      { userId: u.id, lotId: kept?.id, mb: 20, beforeMb: 20, afterMb: 0 },
    ]);
    expect(await balance(u.id)).toBe(0);
    // A second round finds nothing left to expire.
    expect((await expireDueLots(t.app.db, now)).filter((e) => e.userId === u.id)).toEqual([]);
    const dash = await stats(u.token);
    expect(dash.lots.map((l: { expiredMb: number; remainingMb: number }) => [l.remainingMb, l.expiredMb])).toEqual([
      [0, 20],
      [0, 40],
    ]);
  });

  it('credits a paid package as a lot valid from the paid time for the validity the order showed', async () => {
    const u = await member();
    const list = (await t.app.inject({ method: 'GET', url: '/app-api/ip/traffic-combo-product-price/list' })).json().data;
    const pkg = list[0];
    const order = (
      await t.app.inject({
        method: 'POST',
        url: '/app-api/ip/recharge-order/create',
        headers: bearer(u.token),
        payload: { packageId: pkg.id, accountType: 0 },
      })
    ).json().data;
    const pay = (
      await t.app.inject({
        method: 'POST',
        url: '/app-api/order/pay',
        headers: bearer(u.token),
        payload: { orderId: order.id, channel: 'alipay_pc' },
      })
    ).json().data;
    const body = JSON.stringify({
      paymentNo: pay.paymentNo,
      tradeNo: `SANDBOX${seq++}`,
      amountFen: order.payAmountFen,
      appId: 'sandbox',
      status: 'SUCCESS',
      paidAt: now.toISOString(),
    });
    const notified = await t.app.inject({
      method: 'POST',
      url: '/app-api/pay/notify/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': await sandbox.signNotification(body) },
    });
    expect(notified.statusCode).toBe(200);
    const [lot] = await lotsOf(u.id);
    expect(lot).toMatchObject({
      source: 'order',
      orderNo: order.orderNo,
      grantedMb: pkg.trafficMb + pkg.giftTrafficMb,
      remainingMb: pkg.trafficMb + pkg.giftTrafficMb,
      expiresAt: lotExpiry(now, pkg.validityDays),
    });
    expect(await balance(u.id)).toBe(pkg.trafficMb + pkg.giftTrafficMb);
  });

  it('expires every due lot exactly once with two instances running the job at once', async () => {
    // Two instances: on PostgreSQL a second connection pool on the same database; PGlite is one
    // process, so there two rounds run at once on its one connection.
    const second: Database | null = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url }) : null;
    try {
      const users = await Promise.all(Array.from({ length: 30 }, () => createTestUser(t.app.db)));
      for (const u of users) {
        await grant(u.id, 7, 1);
        await grant(u.id, 5, 100);
      }
      now = new Date(now.getTime() + 2 * DAY);
      const dbs = [t.app.db, second?.db ?? t.app.db];
      // Small batches, so both instances take turns and meet on the same members.
      const drain = async (db: (typeof dbs)[number]) => {
        const all = [];
        for (let round = await expireDueLots(db, now, 4); round.length > 0; round = await expireDueLots(db, now, 4))
          all.push(...round);
        return all;
      };
      const rounds = await Promise.all([drain(dbs[0]!), drain(dbs[1]!), drain(dbs[0]!), drain(dbs[1]!)]);
      const ids = new Set(users.map((u) => u.id));
      const mine = rounds.flat().filter((e) => ids.has(e.userId));
      expect(mine).toHaveLength(30);
      expect(new Set(mine.map((e) => e.lotId)).size).toBe(30);
      for (const u of users) expect(await balance(u.id)).toBe(5);
      const [sums] = await t.app.db
        .select({
          remaining: sql<number>`sum(${trafficLots.remainingMb})::int`,
          expired: sql<number>`sum(${trafficLots.expiredMb})::int`,
        })
        .from(trafficLots)
        .where(sql`${trafficLots.userId} in ${[...ids]}`);
      expect(sums).toEqual({ remaining: 150, expired: 210 });
    } finally {
      await second?.close();
    }
  });

  it('keeps the balance equal to the lots under 50 usage batches at once', async () => {
    const u = await member();
    await grant(u.id, 30, 3);
    await grant(u.id, 30, 9);
    const results = await Promise.all(Array.from({ length: 50 }, () => use(u.id, 1)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const lots = await lotsOf(u.id);
    expect(lots.map((l) => l.remainingMb)).toEqual([0, 10]);
    expect(await balance(u.id)).toBe(10);
  });
});

describe('migration 0015', () => {
  it('turns a balance from before lots into one lot, expiring with the latest paid order but not within 30 days', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../../../drizzle/0015_traffic_lots.sql', import.meta.url), 'utf8');
    const statement = text.split('--> statement-breakpoint').at(-1) as string;
    const [old, bought, recent] = await Promise.all([
      createTestUser(t.app.db),
      createTestUser(t.app.db),
      createTestUser(t.app.db),
    ]);
    // Balances as they were before lots: on the member row only.
    for (const [u, mb] of [
      [old, 500],
      [bought, 700],
      [recent, 900],
    ] as const)
      await t.app.db.update(memberUsers).set({ limitBalance: mb }).where(eq(memberUsers.id, u.id));
    const paid = (userId: number, payTime: string, days: number, no: string) =>
      t.app.db.execute(sql`insert into recharge_orders (order_no, user_id, status, pay_status, source, account_type, traffic_mb,
        gift_traffic_mb, validity_days, price_fen, fee_fen, pay_amount_fen, pay_channel, pay_time, pay_deadline, created_at, site_id)
        values (${no}, ${userId}, 1, 1, 'web', 0, 1024, 0, ${days}, 100, 0, 100, 'alipay_pc', ${payTime}, ${payTime}, ${payTime},
        (select site_id from member_users where id = ${userId}))`);
    await paid(bought.id, new Date(Date.now() - 10 * DAY).toISOString(), 365, 'RMIG1');
    await paid(recent.id, new Date(Date.now() - 20 * DAY).toISOString(), 30, 'RMIG2');
    await t.app.db.execute(sql.raw(statement));
    const lot = async (id: number) => (await lotsOf(id))[0];
    const days = (d: Date | undefined) => Math.round(((d?.getTime() ?? 0) - Date.now()) / DAY);
    expect(await lot(old.id)).toMatchObject({ source: 'migrated', grantedMb: 500, remainingMb: 500 });
    expect(days((await lot(old.id))?.expiresAt)).toBe(365);
    expect(days((await lot(bought.id))?.expiresAt)).toBe(355);
    // Its order would have expired in 10 days: 30 days, so the notice comes with time to use it.
    expect(days((await lot(recent.id))?.expiresAt)).toBe(30);
  });
});
