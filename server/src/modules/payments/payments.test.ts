import { createSign, generateKeyPairSync } from 'node:crypto';
import { CommerceErrorCode, RechargeOrderStatus } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { memberUsers } from '../accounts/tables.ts';
import { closeOverdueOrders } from '../orders/service.ts';
import { createSandboxGateway, type SandboxGateway } from './gateways/sandbox.ts';
import { paymentNotifications } from './tables.ts';

let t: TestApp;
let sandbox: SandboxGateway;
let now = new Date('2026-11-21T08:00:00Z');
let buyer: { id: number; token: string };
let packageId: number;
let packageMb: number;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { SANDBOX: 'true' } });
  // The same DATA_DIR, so the same key as the app's own sandbox gateway.
  sandbox = createSandboxGateway(t.config);
  const user = await createTestUser(t.app.db);
  buyer = { id: user.id, token: await loginToken(t.app, user.mobile as string, user.password) };
  const list = (await t.app.inject({ method: 'GET', url: '/app-api/ip/traffic-combo-product-price/list' })).json().data;
  const pkg = list.find((p: { giftTrafficMb: number }) => p.giftTrafficMb > 0);
  packageId = pkg.id;
  packageMb = pkg.trafficMb + pkg.giftTrafficMb;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(buyer.token), ...(payload && { payload }) });
const balance = async () => (await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, buyer.id)))[0]?.limitBalance;

async function newOrder() {
  const res = await api('POST', '/app-api/ip/recharge-order/create', { packageId, accountType: 0 });
  return res.json().data as { id: number; payAmountFen: number };
}

async function startPayment(orderId: number, channel = 'alipay_pc') {
  const res = await api('POST', '/app-api/order/pay', { orderId, channel });
  return res.json().data as { kind: string; url?: string; codeUrl?: string; qrImage?: string; paymentNo: string };
}

/** A notification as the sandbox cashier sends it, signed with `gateway`'s key. */
async function notification(paymentNo: string, amountFen: number, over: object = {}, gateway = sandbox) {
  const body = JSON.stringify({
    paymentNo,
    tradeNo: `SANDBOX${Math.floor(Math.random() * 1e12)}`,
    amountFen,
    appId: 'sandbox',
    status: 'SUCCESS',
    paidAt: now.toISOString(),
    ...over,
  });
  return { body, signature: await gateway.signNotification(body) };
}

const notify = (n: { body: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/pay/notify/sandbox',
    payload: n.body,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': n.signature },
  });

const orderStatus = async (id: number) => (await api('GET', `/app-api/ip/recharge-order/getStatus/${id}`)).json().data;

describe('paying through the sandbox gateway', () => {
  it('offers every channel and says it is the sandbox', async () => {
    const order = await newOrder();
    const info = await api('GET', `/app-api/order/getPayInfo?orderId=${order.id}`);
    expect(info.json().data).toMatchObject({
      orderId: order.id,
      payAmountFen: order.payAmountFen,
      sandbox: true,
      channels: expect.arrayContaining(['alipay_pc', 'wx_native', 'alipay_wap', 'wx_h5']),
    });
  });

  it('Alipay PC: cashier page → pay → back to the order, paid and credited', async () => {
    const before = await balance();
    const order = await newOrder();
    const action = await startPayment(order.id, 'alipay_pc');
    expect(action.kind).toBe('redirect');
    const cashier = new URL(action.url as string);
    expect(cashier.pathname).toMatch(/^\/sandbox\/cashier\//);
    const page = await t.app.inject({ method: 'GET', url: cashier.pathname, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="sandbox-pay"');
    const paid = await t.app.inject({ method: 'POST', url: `${cashier.pathname}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/order\\?id=${order.id}$`));
    expect(await orderStatus(order.id)).toMatchObject({ status: RechargeOrderStatus.Success, payStatus: 1 });
    expect(await balance()).toBe((before ?? 0) + packageMb);
    const info = (await api('GET', `/app-api/order/getRechargeOrderInfo?id=${order.id}`)).json().data;
    expect(info).toMatchObject({ payChannel: 'alipay_pc', status: 1 });
    expect(info.payTime).toBe(now.getTime());
    // Paying it again is refused.
    const again = await api('POST', '/app-api/order/pay', { orderId: order.id, channel: 'wx_native' });
    expect(again.json().code).toBe(CommerceErrorCode.OrderAlreadyPaid);
  });

  it('WeChat Native: a QR code of the cashier; the H5 order comes back to /h5/result', async () => {
    const order = await newOrder();
    const action = await startPayment(order.id, 'wx_native');
    expect(action.kind).toBe('qr');
    expect(action.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(action.codeUrl).toContain('/sandbox/cashier/');

    const h5 = await api('POST', '/app-api/ip/recharge-order/create', { packageId, accountType: 0, source: 'h5' });
    const wap = await startPayment(h5.json().data.id, 'alipay_wap');
    const fail = await t.app.inject({ method: 'POST', url: `${new URL(wap.url as string).pathname}/fail` });
    expect(fail.statusCode).toBe(303);
    expect(fail.headers.location).toMatch(new RegExp(`/h5/fail\\?id=${h5.json().data.id}$`));
  });

  it('comes back by the channel paid with, wherever the order was placed: phone pages after H5, the order page after PC', async () => {
    // Placed on a desktop, paid on a phone (from the order list): WeChat H5, then Alipay wap.
    const pcOrder = await newOrder();
    for (const channel of ['wx_h5', 'alipay_wap']) {
      const action = await startPayment(pcOrder.id, channel);
      expect(action.kind).toBe('redirect');
      const cashier = new URL(action.url as string).pathname;
      const fail = await t.app.inject({ method: 'POST', url: `${cashier}/fail` });
      expect(fail.headers.location).toMatch(new RegExp(`/h5/fail\\?id=${pcOrder.id}$`));
    }
    const paid = await t.app.inject({
      method: 'POST',
      url: `${new URL((await startPayment(pcOrder.id, 'wx_h5')).url as string).pathname}/pay`,
    });
    expect(paid.headers.location).toMatch(new RegExp(`[^n]/h5/result\\?id=${pcOrder.id}$`));

    // Placed on the phone pages, paid on a desktop: back to the order page, in English for an English caller.
    const h5 = (await api('POST', '/app-api/ip/recharge-order/create', { packageId, accountType: 0, source: 'h5' })).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/order/pay',
      headers: { ...bearer(buyer.token), 'accept-language': 'en' },
      payload: { orderId: h5.id, channel: 'alipay_pc' },
    });
    const quit = await t.app.inject({ method: 'POST', url: `${new URL(res.json().data.url).pathname}/fail` });
    expect(quit.headers.location).toMatch(new RegExp(`/en/order\\?id=${h5.id}&cancelled=1$`));
  });

  it('refuses a forged notification (another key, no signature, changed body)', async () => {
    const before = await balance();
    const order = await newOrder();
    const { paymentNo } = await startPayment(order.id);
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const forger = createSandboxGateway({ dataDir: await mkdtemp(join(tmpdir(), 'forger-')) });
    const forged = await notify(await notification(paymentNo, order.payAmountFen, {}, forger));
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('fail');
    const unsigned = await notify({ ...(await notification(paymentNo, order.payAmountFen)), signature: '' });
    expect(unsigned.statusCode).toBe(400);
    const genuine = await notification(paymentNo, 1);
    const changed = await notify({
      ...genuine,
      body: genuine.body.replace('"amountFen":1', `"amountFen":${order.payAmountFen}`),
    });
    expect(changed.statusCode).toBe(400);
    expect(await balance()).toBe(before);
    expect((await orderStatus(order.id)).status).toBe(RechargeOrderStatus.Pending);
  });

  it('refuses a short payment and a wrong app id, and records why', async () => {
    const before = await balance();
    const order = await newOrder();
    const { paymentNo } = await startPayment(order.id);
    const short = await notify(await notification(paymentNo, order.payAmountFen - 1));
    expect(short.body).toBe('fail');
    const otherApp = await notify(await notification(paymentNo, order.payAmountFen, { appId: 'someone-else' }));
    expect(otherApp.body).toBe('fail');
    const unknown = await notify(await notification('P00000000000000000000', order.payAmountFen));
    expect(unknown.body).toBe('fail');
    expect(await balance()).toBe(before);
    const log = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentNo, paymentNo));
    expect(log.map((n) => n.outcome).sort()).toEqual(['amount_mismatch', 'app_id_mismatch']);
  });

  it('credits the same notification once, however often it comes', async () => {
    const before = await balance();
    const order = await newOrder();
    const { paymentNo } = await startPayment(order.id);
    const n = await notification(paymentNo, order.payAmountFen);
    for (let i = 0; i < 10; i++) {
      const res = await notify(n);
      expect(res.body).toBe('success');
    }
    expect(await balance()).toBe((before ?? 0) + packageMb);
    const log = await t.app.db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentNo, paymentNo));
    expect(log.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(log.filter((r) => r.outcome === 'duplicate')).toHaveLength(9);
  });

  it('credits concurrent notifications once', async () => {
    const before = await balance();
    const order = await newOrder();
    const { paymentNo } = await startPayment(order.id);
    const n = await notification(paymentNo, order.payAmountFen);
    const results = await Promise.all(Array.from({ length: 10 }, () => notify(n)));
    expect(results.every((r) => r.body === 'success')).toBe(true);
    expect(await balance()).toBe((before ?? 0) + packageMb);
  });

  it('credits an order paid twice (two payments) once, and flags the second for refund', async () => {
    const before = await balance();
    const order = await newOrder();
    const first = await startPayment(order.id, 'alipay_pc');
    const second = await startPayment(order.id, 'wx_native');
    const [a, b] = await Promise.all([
      notify(await notification(first.paymentNo, order.payAmountFen)),
      notify(await notification(second.paymentNo, order.payAmountFen)),
    ]);
    expect([a.body, b.body]).toEqual(['success', 'success']);
    expect(await balance()).toBe((before ?? 0) + packageMb);
    const outcomes = await t.app.db.select().from(paymentNotifications);
    expect(outcomes.filter((o) => o.outcome === 'order_already_paid')).toHaveLength(1);
  });

  it('credits once when 50 deliveries arrive at once, 25 each of two payments of one order', async () => {
    const before = await balance();
    const order = await newOrder();
    const first = await startPayment(order.id, 'alipay_pc');
    const second = await startPayment(order.id, 'wx_native');
    const [a, b] = [
      await notification(first.paymentNo, order.payAmountFen),
      await notification(second.paymentNo, order.payAmountFen),
    ];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => notify(i % 2 ? a : b)));
    expect(results.every((r) => r.body === 'success')).toBe(true);
    expect(await balance()).toBe((before ?? 0) + packageMb);
    const outcomes = (await t.app.db.select().from(paymentNotifications)).filter((o) =>
      [first.paymentNo, second.paymentNo].includes(o.paymentNo),
    );
    expect(outcomes).toHaveLength(50);
    expect(outcomes.filter((o) => o.outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'order_already_paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'duplicate')).toHaveLength(48);
  });

  it('honours a payment that arrives after the order closed: the money was taken', async () => {
    const before = await balance();
    const order = await newOrder();
    const { paymentNo } = await startPayment(order.id);
    now = new Date(now.getTime() + 31 * 60_000);
    await closeOverdueOrders(t.app.db, now);
    expect((await orderStatus(order.id)).status).toBe(RechargeOrderStatus.Closed);
    expect((await notify(await notification(paymentNo, order.payAmountFen))).body).toBe('success');
    expect(await orderStatus(order.id)).toMatchObject({ status: RechargeOrderStatus.Success, payStatus: 1 });
    expect(await balance()).toBe((before ?? 0) + packageMb);
  });
});

describe('paying through Alipay (RSA2, the official SDK)', () => {
  let app: TestApp;
  let token: string;
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (k: { export(o: object): string | Buffer }, type: 'pkcs8' | 'spki') => String(k.export({ format: 'pem', type }));

  beforeAll(async () => {
    app = await createTestApp({
      database: t.database,
      env: {
        SANDBOX: 'true',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY: pem(appKeys.privateKey, 'pkcs8'),
        ALIPAY_PUBLIC_KEY: pem(alipayKeys.publicKey, 'spki'),
      },
    });
    token = await loginToken(app.app, (await createTestUser(app.app.db)).mobile as string, 'Secret@123');
  });
  afterAll(() => app.close());

  it('sends the browser to Alipay and applies its signed notification once', async () => {
    const headers = bearer(token);
    const order = (
      await app.app.inject({
        method: 'POST',
        url: '/app-api/ip/recharge-order/create',
        headers,
        payload: { trafficGb: 2, accountType: 0 },
      })
    ).json().data;
    const action = (
      await app.app.inject({
        method: 'POST',
        url: '/app-api/order/pay',
        headers,
        payload: { orderId: order.id, channel: 'alipay_pc' },
      })
    ).json().data;
    expect(action.kind).toBe('redirect');
    expect(action.url).toMatch(/^https:\/\/openapi\.alipay\.com\/gateway\.do\?/);
    expect(new URL(action.url).searchParams.get('method')).toBe('alipay.trade.page.pay');

    const params: Record<string, string> = {
      app_id: '2021000000000001',
      auth_app_id: '2021000000000001',
      charset: 'utf-8',
      gmt_payment: '2026-11-21 16:05:00',
      notify_id: 'n1',
      notify_time: '2026-11-21 16:05:01',
      notify_type: 'trade_status_sync',
      out_trade_no: action.paymentNo,
      total_amount: '60.00',
      trade_no: '2026112122001400000000000001',
      trade_status: 'TRADE_SUCCESS',
      version: '1.0',
    };
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(alipayKeys.privateKey, 'base64');
    const form = new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString();
    const send = (body: string) =>
      app.app.inject({
        method: 'POST',
        url: '/app-api/pay/notify/alipay',
        payload: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await send(form)).body).toBe('success');
    expect((await send(form)).body).toBe('success');
    const short = new URLSearchParams({ ...params, total_amount: '6.00', sign_type: 'RSA2', sign }).toString();
    expect((await send(short)).body).toBe('fail');
    const status = (
      await app.app.inject({ method: 'GET', url: `/app-api/ip/recharge-order/getStatus/${order.id}`, headers })
    ).json().data;
    expect(status).toMatchObject({ status: 1, limitBalance: 2048 });
  });
});
