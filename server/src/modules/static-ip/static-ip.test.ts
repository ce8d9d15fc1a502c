import { CommerceErrorCode, STATIC_GRACE_DAYS, StaticErrorCode, StaticOrderStatus } from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { addRegion, sandboxPayer } from '../../test/static-ip.ts';
import { createSandboxGateway } from '../payments/gateways/sandbox.ts';
import { paymentNotifications } from '../payments/tables.ts';
import { closeOverdueStaticOrders, expireStaticIps, releaseExpiredStaticIps } from './jobs.ts';
import { DEFAULT_STATIC_DURATIONS } from './seed.ts';
import { staticNodes, staticOrderItems, staticOrders } from './tables.ts';

const DAY = 86_400_000;
const GRACE = STATIC_GRACE_DAYS * DAY;

let t: TestApp;
let now = new Date('2026-11-21T08:00:00Z');
let payer: ReturnType<typeof sandboxPayer>;
let alice: string;
let bob: string;
const members: { mobile: string; password: string }[] = [];
/** Sessions last 7 days: after moving the clock further, log in again. */
async function relogin() {
  const [a, b] = await Promise.all(members.map((m) => loginToken(t.app, m.mobile, m.password)));
  alice = a as string;
  bob = b as string;
}
async function at(date: Date) {
  now = date;
  await relogin();
}
/** Region ids by city. */
const region: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { SANDBOX: 'true' } });
  payer = sandboxPayer(t.app, createSandboxGateway(t.config), () => now);
  for (const _ of [0, 1]) {
    const user = await createTestUser(t.app.db);
    members.push({ mobile: user.mobile as string, password: user.password });
  }
  await relogin();
  const db = t.app.db;
  const regions = [
    { resourceType: 1, cityEn: 'Los Angeles', cityZh: '洛杉矶', nodes: 10 },
    { resourceType: 1, countryCode: 'JP', countryEn: 'Japan', countryZh: '日本', cityEn: 'Tokyo', cityZh: '东京', nodes: 5 },
    { resourceType: 1, countryCode: 'BR', countryEn: 'Brazil', countryZh: '巴西', cityEn: 'São Paulo', nodes: 0 },
    { resourceType: 2, cityEn: 'Dallas', nodes: 3 },
    { resourceType: 2, cityEn: 'Seattle', nodes: 3 },
    { resourceType: 2, countryCode: 'AU', countryEn: 'Australia', countryZh: '澳大利亚', cityEn: 'Sydney', nodes: 0 },
    { resourceType: 2, countryCode: 'JP', countryEn: 'Japan', countryZh: '日本', cityEn: 'Osaka', nodes: 2 },
    { resourceType: 3, cityEn: 'Chicago', nodes: 4 },
    { resourceType: 12, countryCode: 'CN', countryEn: 'China', countryZh: '中国', cityEn: 'Beijing', cityZh: '北京', nodes: 4 },
  ] as const;
  for (const r of regions) region[r.cityEn] = (await addRegion(db, r)).regionId;
});
afterAll(() => t.close());

type Lang = 'en' | 'zh-CN';
const headers = (token?: string, lang?: Lang) => ({
  ...(token && bearer(token)),
  ...(lang && { 'accept-language': lang }),
});
const get = (url: string, token?: string, lang?: Lang) => t.app.inject({ method: 'GET', url, headers: headers(token, lang) });
const post = (url: string, payload: object | undefined, token: string, lang?: Lang) =>
  t.app.inject({ method: 'POST', url, headers: headers(token, lang), ...(payload && { payload }) });

interface Order {
  id: number;
  orderNo: string;
  amountFen: number;
  status: number;
  count: number;
  [key: string]: unknown;
}
interface Ip {
  id: number;
  orderNo: string;
  host: string;
  port: number;
  account: string;
  password: string;
  outIp: string;
  expireTime: number;
  status: number;
  remainingMs: number;
  region: { countryCode: string; city: { en: string } };
  [key: string]: unknown;
}

async function buy(body: object, token = alice, path = '/app-api/ip/static-order/create'): Promise<Order> {
  const res = await post(path, body, token);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}
/** Places and pays a purchase; answers the order and its IPs. */
async function buyPaid(city: string, count: number, resourceType = 1, durationDays = 30, token = alice) {
  const order =
    resourceType === 3 || resourceType === 12
      ? await buy(
          { regionId: region[city], count, durationDays },
          token,
          `/app-api/ip/static-order/${resourceType === 3 ? 'createNative' : 'createCN'}`,
        )
      : await buy({ resourceType, regionId: region[city], count, durationDays }, token);
  expect(await payer.pay(token, order)).toBe('success');
  return { order, ips: await ipsOf(order, token) };
}
async function ipsOf(order: { orderNo: string }, token = alice): Promise<Ip[]> {
  const res = await get(`/app-api/ip/static-order-item/page?pageSize=100&keyword=${order.orderNo}`, token);
  return res.json().data.list;
}
const status = async (id: number, token = alice) => (await get(`/app-api/ip/static-order/getStatus/${id}`, token)).json();
const available = async (city: string) => {
  const rows = await t.app.db
    .select()
    .from(staticNodes)
    .where(eq(staticNodes.regionId, region[city] as number));
  return rows.filter((n) => n.state === 0).length;
};
const itemRow = async (id: number) => (await t.app.db.select().from(staticOrderItems).where(eq(staticOrderItems.id, id)))[0];

describe('durations and regions on sale', () => {
  it('offers the seeded durations of each type, longer ones cheaper per day', async () => {
    const expected = (type: number) =>
      DEFAULT_STATIC_DURATIONS.filter((d) => d.resourceType === type).map(({ days, priceFen, originalPriceFen }) => ({
        days,
        priceFen,
        originalPriceFen,
      }));
    expect((await get('/app-api/ip/static-isp/duration?resourceType=1')).json().data).toEqual(expected(1));
    expect((await get('/app-api/ip/static-isp/duration?resourceType=2')).json().data).toEqual(expected(2));
    expect((await get('/app-api/ip/static-native/duration')).json().data).toEqual(expected(3));
    expect((await get('/app-api/ip/static-isp-cn/duration')).json().data).toEqual(expected(12));
    expect(expected(2)[0]).toEqual({ days: 30, priceFen: 3000, originalPriceFen: 4000 });
    for (const type of [1, 2, 3, 12]) {
      const perDay = expected(type).map((d) => d.priceFen / d.days);
      expect(perDay).toEqual([...perDay].sort((a, b) => b - a));
      expect(new Set(perDay).size).toBe(perDay.length);
    }
    expect((await get('/app-api/ip/static-isp/duration?resourceType=3')).statusCode).toBe(400);
  });

  it('lists the regions of a type with their stock, by country then city', async () => {
    const dc = (await get('/app-api/ip/static-isp/node?resourceType=1')).json().data;
    expect(dc.map((r: { city: { en: string }; available: number }) => [r.city.en, r.available])).toEqual([
      ['São Paulo', 0],
      ['Tokyo', 5],
      ['Los Angeles', 10],
    ]);
    expect(dc[1]).toEqual({
      id: region.Tokyo,
      resourceType: 1,
      countryCode: 'JP',
      country: { en: 'Japan', 'zh-CN': '日本' },
      city: { en: 'Tokyo', 'zh-CN': '东京' },
      available: 5,
    });
    const cn = (await get('/app-api/ip/static-isp-cn/node')).json().data;
    expect(cn.map((r: { city: { en: string } }) => r.city.en)).toEqual(['Beijing']);
    const native = (await get('/app-api/ip/static-native/node')).json().data;
    expect(native.map((r: { resourceType: number; available: number }) => [r.resourceType, r.available])).toEqual([[3, 4]]);
  });
});

describe('placing orders', () => {
  it('prices on the server (price per IP × count), ignoring prices sent by the client', async () => {
    const order = await buy({
      resourceType: 1,
      regionId: region['Los Angeles'],
      count: 3,
      durationDays: 90,
      remark: ' team A ',
      priceFen: 1,
      amountFen: 1,
      unitPriceFen: 1,
    });
    expect(order).toMatchObject({
      orderType: 1,
      status: StaticOrderStatus.Pending,
      payStatus: 0,
      amountFen: 4200 * 3,
      count: 3,
      durationDays: 90,
      resourceType: 1,
      region: { countryCode: 'US', country: { en: 'United States', 'zh-CN': '美国' }, city: { en: 'Los Angeles' } },
      payChannel: null,
      payTime: null,
      expireTime: null,
      remark: 'team A',
    });
    expect(order.orderNo).toMatch(/^S\d{20}$/);
    expect(order.createTime).toBe(now.getTime());
    expect(order.payDeadline).toBe(now.getTime() + 30 * 60_000);
    // Nothing is taken before payment.
    expect(await available('Los Angeles')).toBe(10);
  });

  it('places China (createCN) and native (createNative) orders of their own type', async () => {
    const cn = await buy({ regionId: region.Beijing, count: 2, durationDays: 30 }, alice, '/app-api/ip/static-order/createCN');
    expect(cn).toMatchObject({ resourceType: 12, amountFen: 5000, region: { countryCode: 'CN', city: { 'zh-CN': '北京' } } });
    const native = await buy(
      { regionId: region.Chicago, count: 1, durationDays: 180 },
      alice,
      '/app-api/ip/static-order/createNative',
    );
    expect(native).toMatchObject({ resourceType: 3, amountFen: 23_400 });
  });

  it('refuses a region of another type, an unknown region, a duration not offered and more IPs than in stock', async () => {
    const code = async (path: string, body: object, lang?: Lang) => {
      const res = await post(`/app-api/ip/static-order/${path}`, body, alice, lang);
      return [res.json().code, res.json().msg];
    };
    const la = region['Los Angeles'];
    expect((await code('create', { resourceType: 2, regionId: la, count: 1, durationDays: 30 }))[0]).toBe(
      StaticErrorCode.RegionNotFound,
    );
    expect((await code('createCN', { regionId: la, count: 1, durationDays: 30 }))[0]).toBe(StaticErrorCode.RegionNotFound);
    expect((await code('create', { resourceType: 1, regionId: 999_999, count: 1, durationDays: 30 }))[0]).toBe(
      StaticErrorCode.RegionNotFound,
    );
    expect(await code('create', { resourceType: 1, regionId: la, count: 1, durationDays: 45 }, 'en')).toEqual([
      StaticErrorCode.DurationNotOffered,
      'This duration is not offered, please choose another',
    ]);
    expect(await code('create', { resourceType: 1, regionId: la, count: 11, durationDays: 30 }, 'en')).toEqual([
      StaticErrorCode.OutOfStock,
      'Not enough IPs in stock in this region (10 left), please buy fewer or choose another region',
    ]);
    expect(await code('create', { resourceType: 1, regionId: region['São Paulo'], count: 1, durationDays: 30 }, 'zh-CN')).toEqual(
      [StaticErrorCode.OutOfStock, '该地区 IP 库存不足（剩余 0 个），请减少购买数量或选择其他地区'],
    );
    const tooMany = await post(
      '/app-api/ip/static-order/create',
      { resourceType: 1, regionId: la, count: 101, durationDays: 30 },
      alice,
      'en',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors).toEqual({ count: 'Buy from 1 to 100 IPs at a time' });
    const native = await post(
      '/app-api/ip/static-order/create',
      { resourceType: 3, regionId: la, count: 1, durationDays: 30 },
      alice,
    );
    expect(native.statusCode).toBe(400);
  });
});

let orderA: Order;
let ipsA: Ip[];

describe('paying: IPs allocated on payment', () => {
  it('pays through the sandbox cashier in the caller language and allocates the IPs with their own credentials', async () => {
    orderA = await buy({ resourceType: 1, regionId: region['Los Angeles'], count: 2, durationDays: 30 });
    const info = (await get(`/app-api/order/getStaticPayInfo?orderId=${orderA.id}`, alice)).json().data;
    expect(info).toMatchObject({ orderId: orderA.id, payAmountFen: 3000, payDeadline: orderA.payDeadline, sandbox: true });
    expect(info.channels).toEqual(expect.arrayContaining(['alipay_pc', 'wx_native']));

    const action = (await post('/app-api/order/staticPay', { orderId: orderA.id, channel: 'alipay_pc' }, alice, 'en')).json()
      .data;
    expect(action.kind).toBe('redirect');
    const cashier = new URL(action.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: cashier, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('data-testid="sandbox-subject">Static data centre IP × 2, 30 days<');
    const paid = await t.app.inject({ method: 'POST', url: `${cashier}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/en/admin/static/list\\?order=${orderA.id}$`));

    expect((await status(orderA.id)).data).toEqual({ id: orderA.id, status: 1, payStatus: 1, ipCount: 2 });
    const after = (await get(`/app-api/order/getStaticOrderInfo?id=${orderA.id}`, alice)).json().data;
    expect(after).toMatchObject({ status: 1, payStatus: 1, payChannel: 'alipay_pc', payTime: now.getTime() });
    expect(after.expireTime).toBe(now.getTime() + 30 * DAY);

    ipsA = await ipsOf(orderA);
    expect(ipsA).toHaveLength(2);
    for (const ip of ipsA) {
      expect(ip).toMatchObject({
        orderNo: orderA.orderNo,
        resourceType: 1,
        region: { countryCode: 'US', city: { en: 'Los Angeles' } },
        protocols: ['http', 'socks5'],
        purchaseTime: now.getTime(),
        expireTime: now.getTime() + 30 * DAY,
        remainingMs: 30 * DAY,
        status: 1,
        releaseTime: now.getTime() + 30 * DAY + GRACE,
      });
      expect(ip.account).toMatch(/^u[a-z0-9]{8}$/);
      expect(ip.password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
      expect(ip.host).toMatch(/^198\.51\.100\.\d+$/);
    }
    expect(ipsA[0]?.account).not.toBe(ipsA[1]?.account);
    expect(ipsA[0]?.password).not.toBe(ipsA[1]?.password);
    expect(`${ipsA[0]?.host}:${ipsA[0]?.port}`).not.toBe(`${ipsA[1]?.host}:${ipsA[1]?.port}`);
    expect(await available('Los Angeles')).toBe(8);

    const again = await post('/app-api/order/staticPay', { orderId: orderA.id, channel: 'wx_native' }, alice);
    expect(again.json().code).toBe(CommerceErrorCode.OrderAlreadyPaid);
  });

  it('describes the order in Chinese for a Chinese caller and comes back to the list when given up', async () => {
    const order = await buy({ resourceType: 2, regionId: region.Dallas, count: 1, durationDays: 90 });
    const action = (await post('/app-api/order/staticPay', { orderId: order.id, channel: 'alipay_pc' }, alice, 'zh-CN')).json()
      .data;
    const cashier = new URL(action.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: cashier, headers: { 'accept-language': 'zh-CN' } });
    expect(page.body).toContain('data-testid="sandbox-subject">静态 ISP IP × 1，90 天<');
    const fail = await t.app.inject({ method: 'POST', url: `${cashier}/fail` });
    expect(fail.headers.location).toMatch(new RegExp(`[^n]/admin/static/list\\?order=${order.id}&cancelled=1$`));
    expect((await status(order.id)).data.status).toBe(StaticOrderStatus.Pending);
  });

  it('marks an order Refunding when the region ran out before its payment, and tells the provider success', async () => {
    const first = await buy({ resourceType: 2, regionId: region.Osaka, count: 2, durationDays: 30 });
    const second = await buy({ resourceType: 2, regionId: region.Osaka, count: 2, durationDays: 30 });
    expect(await payer.pay(alice, first)).toBe('success');
    expect(await payer.pay(alice, second)).toBe('success');
    expect((await status(first.id)).data).toMatchObject({ status: StaticOrderStatus.Success, ipCount: 2 });
    expect((await status(second.id)).data).toEqual({
      id: second.id,
      status: StaticOrderStatus.Refunding,
      payStatus: 1,
      ipCount: 0,
    });
    expect(await ipsOf(second)).toEqual([]);
    expect(await available('Osaka')).toBe(0);
    const [row] = await t.app.db.select().from(staticOrders).where(eq(staticOrders.id, second.id));
    expect(row).toMatchObject({ status: 3, payStatus: 1, expireTime: null });
    const log = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.outcome, 'refund_pending'));
    expect(log).toHaveLength(1);
  });

  it('allocates once when the same order is paid twice (two payments), flagging the second', async () => {
    const order = await buy({ regionId: region.Beijing, count: 1, durationDays: 30 }, alice, '/app-api/ip/static-order/createCN');
    const a = await payer.start(alice, order.id, 'alipay_pc');
    const b = await payer.start(alice, order.id, 'wx_native');
    const acks = await Promise.all([
      payer.notify(await payer.notification(a.paymentNo, order.amountFen)),
      payer.notify(await payer.notification(b.paymentNo, order.amountFen)),
    ]);
    expect(acks.map((r) => r.body)).toEqual(['success', 'success']);
    expect(await ipsOf(order)).toHaveLength(1);
    const outcomes = await t.app.db
      .select()
      .from(paymentNotifications)
      .where(inArray(paymentNotifications.paymentNo, [a.paymentNo, b.paymentNo]));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['applied', 'order_already_paid']);
  });
});

describe('lists and remarks', () => {
  it('pages the caller orders newest first with the contract filters', async () => {
    const page = async (query = '') => (await get(`/app-api/ip/static-order/page?pageSize=100${query}`, alice)).json().data;
    const all = await page();
    expect(all.total).toBe(all.list.length);
    const ids = all.list.map((o: Order) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.list.find((o: Order) => o.id === orderA.id)).toMatchObject({ status: 1, payStatus: 1 });
    const cn = await page('&resourceType=12');
    expect(cn.list.every((o: Order) => o.resourceType === 12)).toBe(true);
    expect(cn.total).toBe(2);
    const unpaid = await page('&payStatus=0');
    expect(unpaid.list.every((o: Order) => o.payStatus === 0)).toBe(true);
    expect((await page('&orderType=2')).total).toBe(0);
    expect((await page(`&createdFrom=${now.getTime() + 1}`)).total).toBe(0);
    expect((await page(`&createdTo=${now.getTime()}`)).total).toBe(0);
    const second = (await get('/app-api/ip/static-order/page?pageNo=2&pageSize=2', alice)).json().data;
    expect(second.list.map((o: Order) => o.id)).toEqual(ids.slice(2, 4));
  });

  it('pages the caller IPs, soonest expiry first, with the filters', async () => {
    const page = async (query = '') => (await get(`/app-api/ip/static-order-item/page?pageSize=100${query}`, alice)).json().data;
    const all = await page();
    expect(all.total).toBe(5); // 2 Los Angeles, 2 Osaka, 1 Beijing
    expect((await page('&resourceType=2')).list.map((ip: Ip) => ip.region.city.en)).toEqual(['Osaka', 'Osaka']);
    const host = ipsA[0]?.host as string;
    expect((await page(`&keyword=${host}`)).list.map((ip: Ip) => ip.id)).toContain(ipsA[0]?.id);
    expect((await page('&keyword=%25')).total).toBe(0);
    expect((await page('&status=2')).total).toBe(0);
    expect((await page('&status=1')).total).toBe(5);
    expect((await page(`&expireBefore=${now.getTime() + 30 * DAY}`)).total).toBe(0);
    expect((await page(`&expireBefore=${now.getTime() + 30 * DAY + 1}`)).total).toBe(5);
  });

  it('updates the remark of one own order from the query string (no body)', async () => {
    const res = await post(
      `/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=${encodeURIComponent('香港 团队 B')}`,
      undefined,
      alice,
    );
    expect(res.json()).toMatchObject({ code: 0, data: true });
    expect((await get(`/app-api/order/getStaticOrderInfo?id=${orderA.id}`, alice)).json().data.remark).toBe('香港 团队 B');
    // IP management shows the order's remark beside each of its IPs.
    const ips = await ipsOf(orderA);
    expect(ips.length).toBeGreaterThan(0);
    for (const ip of ips) expect(ip.remark).toBe('香港 团队 B');
    const cleared = await post(`/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=`, undefined, alice);
    expect(cleared.json().data).toBe(true);
    const long = await post(
      `/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=${'x'.repeat(201)}`,
      undefined,
      alice,
      'en',
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ remark: 'Use at most 200 characters for the remark' });
  });

  // Issue 27, finding 10: a remark is shown on one line, so it holds no tab or line break.
  it.each(['team\tA', 'team\nA', 'team\r\nA', 'team A\u0000'])(
    'refuses the remark %j with a 400 naming the field in both languages, and keeps the old one',
    async (remark) => {
      await post(`/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=kept`, undefined, alice);
      const url = `/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=${encodeURIComponent(remark)}`;
      const en = await post(url, undefined, alice, 'en');
      expect(en.statusCode).toBe(400);
      expect(en.json().fieldErrors).toEqual({
        remark: 'Remove the control characters (invisible characters such as NUL) from this field',
      });
      const zh = await post(url, undefined, alice, 'zh-CN');
      expect(zh.json().fieldErrors).toEqual({ remark: '请删除该字段中的控制字符（不可见字符）' });
      expect((await get(`/app-api/order/getStaticOrderInfo?id=${orderA.id}`, alice)).json().data.remark).toBe('kept');
      const created = await post(
        '/app-api/ip/static-order/create',
        { resourceType: 1, regionId: region['Los Angeles'], count: 1, durationDays: 30, remark },
        alice,
        'en',
      );
      expect(created.statusCode).toBe(400);
      expect(Object.keys(created.json().fieldErrors)).toEqual(['remark']);
      await post(`/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=`, undefined, alice);
    },
  );
});

describe("another user's token", () => {
  it("sees and touches none of one's orders and IPs", async () => {
    expect((await get('/app-api/ip/static-order/page', bob)).json().data).toEqual({ list: [], total: 0 });
    expect((await get('/app-api/ip/static-order-item/page', bob)).json().data).toEqual({ list: [], total: 0 });
    const notFound = CommerceErrorCode.OrderNotFound;
    expect((await get(`/app-api/order/getStaticOrderInfo?id=${orderA.id}`, bob)).json().code).toBe(notFound);
    expect((await get(`/app-api/ip/static-order/getStatus/${orderA.id}`, bob)).json().code).toBe(notFound);
    expect((await get(`/app-api/order/getStaticPayInfo?orderId=${orderA.id}`, bob)).json().code).toBe(notFound);
    expect((await post('/app-api/order/staticPay', { orderId: orderA.id, channel: 'alipay_pc' }, bob)).json().code).toBe(
      notFound,
    );
    expect((await post(`/app-api/ip/static-order/updateRemark?id=${orderA.id}&remark=mine`, undefined, bob)).json().code).toBe(
      notFound,
    );
    expect(
      (await post('/app-api/ip/static-order-renewal/create', { orderId: orderA.id, durationDays: 30 }, bob)).json().code,
    ).toBe(notFound);
    const itemIds = ipsA.map((ip) => ip.id);
    const ipNotFound = StaticErrorCode.IpNotFound;
    expect((await post('/app-api/ip/static-order-renewal/ips', { itemIds, durationDays: 30 }, bob)).json().code).toBe(ipNotFound);
    // One foreign id among one's own is refused as a whole.
    const { ips: bobs } = await buyPaid('Tokyo', 1, 1, 30, bob);
    const mixed = await post(
      '/app-api/ip/static-order-renewal/ips',
      { itemIds: [bobs[0]?.id, ...itemIds], durationDays: 30 },
      bob,
    );
    expect(mixed.json().code).toBe(ipNotFound);
    expect(
      (await get(`/app-api/ip/static-order-item-exchange/getExchangeNode?itemIds=${itemIds.join(',')}`, bob)).json().code,
    ).toBe(ipNotFound);
    const exchange = await post('/app-api/ip/static-order-item-exchange/shareExchange', { itemIds, regionId: region.Tokyo }, bob);
    expect(exchange.json().code).toBe(ipNotFound);
    expect((await get(`/app-api/order/getStaticOrderInfo?id=${orderA.id}`, alice)).json().data.remark).toBe('');
    expect(await ipsOf(orderA)).toEqual(ipsA);
    // Without a token at all: the login answer.
    expect((await get('/app-api/ip/static-order-item/page')).json().code).toBe(401);
  });
});

describe('exchange', () => {
  it('offers the regions of the same type with enough stock, the IPs own region included', async () => {
    const { ips } = await buyPaid('Dallas', 2, 2);
    const ids = ips.map((ip) => ip.id);
    const regions = async (itemIds: number[]) =>
      (await get(`/app-api/ip/static-order-item-exchange/getExchangeNode?itemIds=${itemIds.join(',')}`, alice)).json().data;
    // Dallas 1 left, Seattle 3, Osaka and Sydney 0.
    expect((await regions(ids)).map((r: { city: { en: string } }) => r.city.en)).toEqual(['Seattle']);
    expect((await regions([ids[0] as number])).map((r: { city: { en: string } }) => r.city.en)).toEqual(['Dallas', 'Seattle']);
    // IPs of two types: no region takes them all.
    expect(await regions([ids[0] as number, ipsA[0]?.id as number])).toEqual([]);
  });

  it('moves the IPs to fresh nodes keeping account, password and expiry; the old nodes go back to stock', async () => {
    const dallas = (await ipsOf({ orderNo: '' })).filter((ip) => ip.region.city.en === 'Dallas');
    expect(dallas).toHaveLength(2);
    const oldNodes = await Promise.all(dallas.map(async (ip) => (await itemRow(ip.id))?.nodeId as number));
    const res = await post(
      '/app-api/ip/static-order-item-exchange/shareExchange',
      { itemIds: dallas.map((ip) => ip.id), regionId: region.Seattle },
      alice,
    );
    expect(res.json().code, res.body).toBe(0);
    const exchanged: Ip[] = res.json().data;
    expect(exchanged.map((ip) => ip.id)).toEqual(dallas.map((ip) => ip.id));
    for (const [i, ip] of exchanged.entries()) {
      const old = dallas[i] as Ip;
      expect(ip).toMatchObject({
        account: old.account,
        password: old.password,
        expireTime: old.expireTime,
        purchaseTime: old.purchaseTime,
        orderNo: old.orderNo,
        status: 1,
        region: { city: { en: 'Seattle' } },
      });
      expect(`${ip.host}:${ip.port}`).not.toBe(`${old.host}:${old.port}`);
    }
    const olds = await t.app.db.select().from(staticNodes).where(inArray(staticNodes.id, oldNodes));
    expect(olds.map((n) => n.state)).toEqual([0, 0]);
    expect(await available('Dallas')).toBe(3);
    expect(await available('Seattle')).toBe(1);
  });

  it('refuses a region without enough stock, of another type, or unknown; and a missing region in both languages', async () => {
    const seattle = (await get('/app-api/ip/static-order-item/page?pageSize=100&resourceType=2', alice))
      .json()
      .data.list.filter((ip: Ip) => ip.region.city.en === 'Seattle');
    const itemIds = seattle.map((ip: Ip) => ip.id);
    const exchange = (body: object, lang?: Lang) =>
      post('/app-api/ip/static-order-item-exchange/shareExchange', { itemIds, ...body }, alice, lang);
    const noRegion = await exchange({ regionId: region.Sydney }, 'en');
    expect(noRegion.json()).toMatchObject({
      code: StaticErrorCode.NoReplaceableRegion,
      msg: 'No other region has IPs to exchange to right now',
    });
    expect((await exchange({ regionId: region.Sydney }, 'zh-CN')).json().msg).toBe('没有可更换的地区');
    expect((await exchange({ regionId: region['Los Angeles'] })).json().code).toBe(StaticErrorCode.NoReplaceableRegion);
    expect((await exchange({ regionId: 999_999 })).json().code).toBe(StaticErrorCode.RegionNotFound);

    const missing = await exchange({}, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ regionId: 'Choose a region' });
    expect(missing.json().msg).toContain('Choose a region');
    const missingZh = await exchange({}, 'zh-CN');
    expect(missingZh.json().fieldErrors).toEqual({ regionId: '请选择地区' });
    expect(missingZh.json().msg).toContain('请选择地区');
    expect((await exchange({ regionId: 0 }, 'en')).json().fieldErrors).toEqual({ regionId: 'Choose a region' });
    // Nothing moved.
    expect(await available('Seattle')).toBe(1);
  });

  it('answers an empty list when no region of the type has enough stock', async () => {
    const { ips } = await buyPaid('Chicago', 4, 3, 30);
    const res = await get(
      `/app-api/ip/static-order-item-exchange/getExchangeNode?itemIds=${ips.map((ip) => ip.id).join(',')}`,
      alice,
    );
    expect(res.json()).toMatchObject({ code: 0, data: [] });
  });
});

describe('renewal', () => {
  it('refuses other durations and IPs of two types', async () => {
    const code = async (body: object, lang?: Lang) =>
      (await post('/app-api/ip/static-order-renewal/ips', body, alice, lang)).json();
    expect((await code({ itemIds: [ipsA[0]?.id], durationDays: 7 })).code).toBe(StaticErrorCode.DurationNotOffered);
    const dc = ipsA[0]?.id as number;
    const isp = (await get('/app-api/ip/static-order-item/page?pageSize=100&resourceType=2', alice)).json().data.list[0].id;
    expect(await code({ itemIds: [dc, isp], durationDays: 30 }, 'en')).toMatchObject({
      code: StaticErrorCode.RenewalFailed,
      msg: 'Choose IPs of one type only',
    });
  });

  it('renews every held IP of a purchase order from its current expiry, priced per IP', async () => {
    const renewal = (
      await post('/app-api/ip/static-order-renewal/create', { orderId: orderA.id, durationDays: 90 }, alice)
    ).json().data as Order;
    expect(renewal).toMatchObject({
      orderType: 2,
      status: 0,
      resourceType: 1,
      region: null,
      count: 2,
      durationDays: 90,
      amountFen: 4200 * 2,
    });
    await at(new Date(now.getTime() + 10 * DAY));
    // The 30-minute deadline of the renewal has passed: create another one now.
    const fresh = (await post('/app-api/ip/static-order-renewal/create', { orderId: orderA.id, durationDays: 90 }, alice)).json()
      .data as Order;
    expect((await status(renewal.id)).data.status).toBe(StaticOrderStatus.Closed);
    expect(await payer.pay(alice, fresh)).toBe('success');
    const renewed = await ipsOf(orderA);
    for (const [i, ip] of renewed.entries()) {
      expect(ip.expireTime).toBe((ipsA[i] as Ip).expireTime + 90 * DAY);
      expect(ip.remainingMs).toBe(ip.expireTime - now.getTime());
    }
    expect((await status(fresh.id)).data).toEqual({ id: fresh.id, status: 1, payStatus: 1, ipCount: 2 });
    const info = (await get(`/app-api/order/getStaticOrderInfo?id=${fresh.id}`, alice)).json().data;
    expect(info.expireTime).toBe(renewed[0]?.expireTime);
    expect((await get('/app-api/ip/static-order/page?orderType=2', alice)).json().data.total).toBe(2);
  });

  it('renews an expired IP (in its grace period) from the payment time', async () => {
    const { ips } = await buyPaid('Tokyo', 1, 1, 30);
    const ip = ips[0] as Ip;
    await at(new Date(ip.expireTime + DAY));
    expect(await expireStaticIps(t.app.db, now)).toBeGreaterThanOrEqual(1);
    const listed = (await ipsOf({ orderNo: ip.orderNo }))[0];
    expect(listed).toMatchObject({ status: 2, remainingMs: 0, releaseTime: ip.expireTime + GRACE });
    const renewal = (
      await post('/app-api/ip/static-order-renewal/ips', { itemIds: [ip.id, ip.id], durationDays: 30 }, alice)
    ).json().data as Order;
    expect(renewal).toMatchObject({ count: 1, amountFen: 1500 });
    expect(await payer.pay(alice, renewal)).toBe('success');
    expect(await itemRow(ip.id)).toMatchObject({ status: 1, expireTime: new Date(now.getTime() + 30 * DAY) });
    expect((await ipsOf({ orderNo: ip.orderNo }))[0]).toMatchObject({ status: 1, remainingMs: 30 * DAY });
  });

  it('fails for an IP released after its grace period: a renewal paid too late is Refunding', async () => {
    const { order, ips } = await buyPaid('Tokyo', 1, 1, 30);
    const ip = ips[0] as Ip;
    const nodeId = (await itemRow(ip.id))?.nodeId as number;
    const pending = (await post('/app-api/ip/static-order-renewal/ips', { itemIds: [ip.id], durationDays: 30 }, alice)).json()
      .data as Order;
    const { paymentNo } = await payer.start(alice, pending.id);
    const note = await payer.notification(paymentNo, pending.amountFen);

    await at(new Date(ip.expireTime + GRACE));
    await expireStaticIps(t.app.db, now);
    expect(await releaseExpiredStaticIps(t.app.db, now)).toBeGreaterThanOrEqual(1);
    expect(await itemRow(ip.id)).toMatchObject({ released: true, releasedAt: now, status: 2 });
    const [node] = await t.app.db.select().from(staticNodes).where(eq(staticNodes.id, nodeId));
    expect(node?.state).toBe(0);
    expect(await ipsOf(order)).toEqual([]);

    // The payment of the renewal placed before the release arrives now: nothing to renew, refund it.
    expect((await payer.notify(note)).body).toBe('success');
    expect((await status(pending.id)).data).toMatchObject({ status: StaticOrderStatus.Refunding, payStatus: 1, ipCount: 0 });

    const again = await post('/app-api/ip/static-order-renewal/ips', { itemIds: [ip.id], durationDays: 30 }, alice, 'en');
    expect(again.json()).toMatchObject({ code: StaticErrorCode.RenewalFailed, msg: 'Renewal failed' });
    const zh = await post('/app-api/ip/static-order-renewal/create', { orderId: order.id, durationDays: 30 }, alice, 'zh-CN');
    expect(zh.json()).toMatchObject({ code: StaticErrorCode.RenewalFailed, msg: '续费失败' });
    // An order that never got IPs (Refunding) has none to renew.
    const refunded = (await get('/app-api/ip/static-order/page?pageSize=100', alice))
      .json()
      .data.list.find((o: Order) => o.status === StaticOrderStatus.Refunding && o.orderType === 1);
    const none = await post('/app-api/ip/static-order-renewal/create', { orderId: refunded.id, durationDays: 30 }, alice);
    expect(none.json().code).toBe(StaticErrorCode.IpNotFound);
  });
});

describe('jobs', () => {
  it('closes unpaid static orders after 30 minutes, once', async () => {
    const order = await buy({ resourceType: 1, regionId: region['Los Angeles'], count: 1, durationDays: 30 });
    await at(new Date(now.getTime() + 29 * 60_000));
    await closeOverdueStaticOrders(t.app.db, now);
    expect((await status(order.id)).data.status).toBe(StaticOrderStatus.Pending);
    await at(new Date(now.getTime() + 60_000));
    // Shown closed at once, closed for good by the job; a second run finds nothing.
    expect((await status(order.id)).data.status).toBe(StaticOrderStatus.Closed);
    expect(await closeOverdueStaticOrders(t.app.db, now)).toBeGreaterThanOrEqual(1);
    expect(await closeOverdueStaticOrders(t.app.db, now)).toBe(0);
    const [row] = await t.app.db.select().from(staticOrders).where(eq(staticOrders.id, order.id));
    expect(row?.status).toBe(StaticOrderStatus.Closed);
    const pay = await post('/app-api/order/staticPay', { orderId: order.id, channel: 'alipay_pc' }, alice);
    expect(pay.json().code).toBe(CommerceErrorCode.OrderClosed);
  });

  it('expires IPs at their expiry and releases them after the grace period, idempotently', async () => {
    // Let everything bought earlier expire and go, so the counts below are this IP's alone.
    await at(new Date(now.getTime() + 400 * DAY));
    while ((await expireStaticIps(t.app.db, now)) > 0);
    while ((await releaseExpiredStaticIps(t.app.db, now)) > 0);
    const { ips } = await buyPaid('Los Angeles', 1, 1, 30);
    const ip = ips[0] as Ip;
    const nodeId = (await itemRow(ip.id))?.nodeId as number;
    const stock = await available('Los Angeles');

    await at(new Date(ip.expireTime - 1));
    expect(await expireStaticIps(t.app.db, now)).toBe(0);
    expect((await itemRow(ip.id))?.status).toBe(1);
    await at(new Date(ip.expireTime));
    expect(await expireStaticIps(t.app.db, now)).toBe(1);
    expect(await expireStaticIps(t.app.db, now)).toBe(0);
    expect((await itemRow(ip.id))?.status).toBe(2);
    // Expired: listed (renewable), but not exchangeable.
    expect((await ipsOf({ orderNo: ip.orderNo }))[0]).toMatchObject({ status: 2, remainingMs: 0 });
    const exchange = await post(
      '/app-api/ip/static-order-item-exchange/shareExchange',
      { itemIds: [ip.id], regionId: region.Tokyo },
      alice,
      'en',
    );
    expect(exchange.json()).toMatchObject({ code: StaticErrorCode.ExchangeNotAllowed });

    await at(new Date(ip.expireTime + GRACE - 1));
    expect(await releaseExpiredStaticIps(t.app.db, now)).toBe(0);
    expect(await available('Los Angeles')).toBe(stock);
    await at(new Date(ip.expireTime + GRACE));
    expect(await releaseExpiredStaticIps(t.app.db, now)).toBe(1);
    expect(await releaseExpiredStaticIps(t.app.db, now)).toBe(0);
    expect(await itemRow(ip.id)).toMatchObject({ released: true, status: 2 });
    const [node] = await t.app.db.select().from(staticNodes).where(eq(staticNodes.id, nodeId));
    expect(node?.state).toBe(0);
    expect(await available('Los Angeles')).toBe(stock + 1);
    expect((await get('/app-api/ip/static-order-item/page', alice)).json().data.total).toBe(0);
  });
});

describe('paying on a phone', () => {
  it('takes WeChat H5 for a purchase and Alipay wap for a renewal, and comes back to the order list', async () => {
    const order = await buy({ resourceType: 1, regionId: region['Los Angeles'], count: 1, durationDays: 30 });
    const info = (await get(`/app-api/order/getStaticPayInfo?orderId=${order.id}`, alice)).json().data;
    expect(info.channels).toEqual(expect.arrayContaining(['alipay_wap', 'wx_h5']));

    const h5 = (await post('/app-api/order/staticPay', { orderId: order.id, channel: 'wx_h5' }, alice, 'en')).json().data;
    expect(h5.kind).toBe('redirect');
    const cashier = new URL(h5.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: cashier, headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('<span class="provider-kind">H5 payment</span>');
    const paid = await t.app.inject({ method: 'POST', url: `${cashier}/pay` });
    expect(paid.headers.location).toMatch(new RegExp(`/en/admin/static/list\\?order=${order.id}$`));
    expect((await status(order.id)).data).toEqual({ id: order.id, status: StaticOrderStatus.Success, payStatus: 1, ipCount: 1 });
    expect((await get(`/app-api/order/getStaticOrderInfo?id=${order.id}`, alice)).json().data.payChannel).toBe('wx_h5');

    const [ip] = await ipsOf(order);
    const renewal = (await post('/app-api/ip/static-order-renewal/ips', { itemIds: [ip?.id], durationDays: 30 }, alice)).json()
      .data as Order;
    const wap = (await post('/app-api/order/staticPay', { orderId: renewal.id, channel: 'alipay_wap' }, alice, 'zh-CN')).json()
      .data;
    const wapCashier = new URL(wap.url).pathname;
    const wapPage = await t.app.inject({ method: 'GET', url: wapCashier, headers: { 'accept-language': 'zh-CN' } });
    expect(wapPage.body).toContain('<span class="provider-kind">手机网站支付</span>');
    const quit = await t.app.inject({ method: 'POST', url: `${wapCashier}/fail` });
    expect(quit.headers.location).toMatch(new RegExp(`[^n]/admin/static/list\\?order=${renewal.id}&cancelled=1$`));
    await t.app.inject({ method: 'POST', url: `${wapCashier}/pay` });
    expect((await status(renewal.id)).data).toMatchObject({ status: StaticOrderStatus.Success, payStatus: 1 });
    const [renewed] = await ipsOf(order);
    expect(renewed?.expireTime).toBe((ip?.expireTime as number) + 30 * DAY);
  });
});
