import { CommerceErrorCode, MB_PER_GB, RechargeOrderStatus } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { DEFAULT_CUSTOM_RULE, DEFAULT_PACKAGES } from '../catalogue/seed.ts';
import { closeOverdueOrders } from './service.ts';

let t: TestApp;
let now = new Date('2026-11-21T08:00:00Z');
let alice: { token: string; id: number };
let bob: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  for (const who of ['alice', 'bob'] as const) {
    const user = await createTestUser(t.app.db);
    const member = { token: await loginToken(t.app, user.mobile as string, user.password), id: user.id };
    if (who === 'alice') alice = member;
    else bob = member;
  }
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });

async function packages() {
  const res = await get('/app-api/ip/traffic-combo-product-price/list');
  return res.json().data as Array<{ id: number; priceFen: number; trafficMb: number; giftTrafficMb: number }>;
}

describe('catalogue', () => {
  it('lists the seeded packages cheapest first, and one by id', async () => {
    const list = await packages();
    expect(list).toHaveLength(DEFAULT_PACKAGES.length);
    expect(list.map((p) => p.priceFen)).toEqual([...list.map((p) => p.priceFen)].sort((a, b) => a - b));
    const [first] = list;
    const one = await get(`/app-api/ip/flow-package/get?id=${first?.id}`);
    expect(one.json().data).toEqual(first);
    const missing = await get('/app-api/ip/flow-package/get?id=999999');
    expect(missing.json().code).toBe(CommerceErrorCode.PackageNotFound);
  });

  it('names the seller users buy from (the substation)', async () => {
    const res = await get('/app-api/ip/supplier/get');
    expect(res.json().data).toMatchObject({ name: { en: 'NovaProxy', 'zh-CN': '诺瓦代理' }, serviceHours: { en: '24/7' } });
    expect(res.json().data.contacts.length).toBeGreaterThan(0);
  });

  it('prices a custom amount with the volume tier it reaches', async () => {
    const res = await get('/app-api/ip/flow-package/getUnitPrice?trafficGb=200');
    expect(res.json().data).toMatchObject({ trafficGb: 200, unitPriceFen: 2000, priceFen: 400_000, minGb: 1 });
    const below = await get('/app-api/ip/flow-package/getUnitPrice?trafficGb=49');
    expect(below.json().data.unitPriceFen).toBe(3000);
    const tooMuch = await get(`/app-api/ip/flow-package/getUnitPrice?trafficGb=${DEFAULT_CUSTOM_RULE.maxGb + 1}`);
    expect(tooMuch.json().data.priceFen).toBeNull();
    expect((await get('/app-api/ip/flow-package/getUnitPrice?trafficGb=abc')).statusCode).toBe(400);
  });
});

describe('recharge orders', () => {
  it('computes the price on the server, whatever the client sends', async () => {
    const [pkg] = await packages();
    const res = await post(
      '/app-api/ip/recharge-order/create',
      { packageId: pkg?.id, accountType: 0, priceFen: 1, payAmountFen: 1, totalFen: 1 },
      alice.token,
    );
    const order = res.json().data;
    expect(order).toMatchObject({
      rechargeAmountFen: pkg?.priceFen,
      feeFen: 0,
      payAmountFen: pkg?.priceFen,
      status: RechargeOrderStatus.Pending,
      payStatus: 0,
      source: 'pc',
    });
    expect(order.orderNo).toMatch(/^R\d{20}$/);
    expect(order.payDeadline - order.createTime).toBe(30 * 60_000);
  });

  it('adds the 6% enterprise fee, rounded half up to the fen', async () => {
    const res = await post('/app-api/ip/recharge-order/create', { trafficGb: 7, accountType: 1, source: 'h5' }, alice.token);
    // 7 GB × ¥30 = ¥210.00; 6% = ¥12.60
    expect(res.json().data).toMatchObject({
      trafficMb: 7 * MB_PER_GB,
      rechargeAmountFen: 21_000,
      feeFen: 1260,
      payAmountFen: 22_260,
      accountType: 1,
      source: 'h5',
    });
  });

  it('refuses bad input with a 400 or a business code, never a 500', async () => {
    const both = await post('/app-api/ip/recharge-order/create', { packageId: 1, trafficGb: 5, accountType: 0 }, alice.token);
    expect(both.statusCode).toBe(400);
    const neither = await post('/app-api/ip/recharge-order/create', { accountType: 0 }, alice.token);
    expect(neither.statusCode).toBe(400);
    const fraction = await post('/app-api/ip/recharge-order/create', { trafficGb: 1.5, accountType: 0 }, alice.token);
    expect(fraction.statusCode).toBe(400);
    const huge = await post('/app-api/ip/recharge-order/create', { trafficGb: 10_001, accountType: 0 }, alice.token);
    expect(huge.json().code).toBe(CommerceErrorCode.TrafficOutOfRange);
    const unknown = await post('/app-api/ip/recharge-order/create', { packageId: 987_654, accountType: 0 }, alice.token);
    expect(unknown.json().code).toBe(CommerceErrorCode.PackageNotFound);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/recharge-order/create',
      payload: { trafficGb: 5, accountType: 0 },
    });
    expect(anonymous.json().code).toBe(401);
  });

  it("lists one's own orders with filters and pages; another user's token sees none of them", async () => {
    const page = await get('/app-api/ip/recharge-order/page?pageNo=1&pageSize=1', alice.token);
    expect(page.json().data.total).toBe(2);
    expect(page.json().data.list).toHaveLength(1);
    const order = page.json().data.list[0];

    const theirs = await get('/app-api/ip/recharge-order/page', bob.token);
    expect(theirs.json().data).toEqual({ list: [], total: 0 });
    const info = await get(`/app-api/order/getRechargeOrderInfo?id=${order.id}`, bob.token);
    expect(info.json().code).toBe(CommerceErrorCode.OrderNotFound);
    const status = await get(`/app-api/ip/recharge-order/getStatus/${order.id}`, bob.token);
    expect(status.json().code).toBe(CommerceErrorCode.OrderNotFound);
    const pay = await post('/app-api/order/pay', { orderId: order.id, channel: 'alipay_pc' }, bob.token);
    expect(pay.json().code).toBe(CommerceErrorCode.OrderNotFound);

    const later = now.getTime() + 1;
    const none = await get(`/app-api/ip/recharge-order/page?createdFrom=${later}`, alice.token);
    expect(none.json().data.total).toBe(0);
    const paid = await get('/app-api/ip/recharge-order/page?status=1', alice.token);
    expect(paid.json().data.total).toBe(0);
    const bad = await get('/app-api/ip/recharge-order/page?status=7', alice.token);
    expect(bad.statusCode).toBe(400);
  });

  it('closes unpaid orders after 30 minutes; a closed order cannot be paid', async () => {
    const created = await post('/app-api/ip/recharge-order/create', { trafficGb: 3, accountType: 0 }, bob.token);
    const id = created.json().data.id as number;
    now = new Date(now.getTime() + 29 * 60_000);
    expect(await closeOverdueOrders(t.app.db, now)).toBe(0);
    now = new Date(now.getTime() + 2 * 60_000);
    // Already shown closed before the job runs…
    const before = await get(`/app-api/ip/recharge-order/getStatus/${id}`, bob.token);
    expect(before.json().data.status).toBe(RechargeOrderStatus.Closed);
    // …and closed for good once it has (alice's two orders too); a second run finds nothing left.
    expect(await closeOverdueOrders(t.app.db, now)).toBe(3);
    expect(await closeOverdueOrders(t.app.db, now)).toBe(0);
    const closed = await get('/app-api/ip/recharge-order/page?status=2', bob.token);
    expect(closed.json().data.total).toBe(1);
    const pay = await post('/app-api/order/pay', { orderId: id, channel: 'alipay_pc' }, bob.token);
    expect(pay.json().code).toBe(CommerceErrorCode.OrderClosed);
  });

  it('lets two instances close the same overdue orders at once without closing any twice', async () => {
    for (let i = 0; i < 20; i++) await post('/app-api/ip/recharge-order/create', { trafficGb: 1, accountType: 0 }, bob.token);
    now = new Date(now.getTime() + 31 * 60_000);
    const counts = await Promise.all([closeOverdueOrders(t.app.db, now, 7), closeOverdueOrders(t.app.db, now, 7)]);
    let total = counts[0] + counts[1];
    while (true) {
      const more = await closeOverdueOrders(t.app.db, now, 7);
      if (more === 0) break;
      total += more;
    }
    expect(total).toBe(20);
  });
});
