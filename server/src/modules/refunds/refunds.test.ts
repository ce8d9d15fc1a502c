import { CommerceErrorCode, RefundErrorCode } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { addRegion, sandboxPayer } from '../../test/static-ip.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberUsers, trafficLots } from '../accounts/tables.ts';
import { invoices } from '../invoices/tables.ts';
import { outboxMessages } from '../messaging/tables.ts';
import { createSandboxGateway, type SandboxGateway } from '../payments/gateways/sandbox.ts';
import type { Gateways } from '../payments/gateways/index.ts';
import type { PaymentGateway, RefundRequest } from '../payments/gateways/types.ts';
import { payments, refunds } from '../payments/tables.ts';
import { staticNodes, staticOrderItems } from '../static-ip/tables.ts';
import { claimDueRefunds, REFUND_LEASE_MS, runRefundRound } from './job.ts';
import { refundOrder } from './service.ts';

let t: TestApp;
let sandbox: SandboxGateway;
let now = new Date('2026-11-21T08:00:00Z');
let buyer: { id: number; token: string; mobile: string; password: string };
let packageId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { SANDBOX: 'true' } });
  sandbox = createSandboxGateway(t.config);
  const user = await createTestUser(t.app.db);
  buyer = {
    id: user.id,
    mobile: user.mobile as string,
    password: user.password,
    token: await loginToken(t.app, user.mobile as string, user.password),
  };
  const list = (await t.app.inject({ method: 'GET', url: '/app-api/ip/traffic-combo-product-price/list' })).json().data;
  packageId = list[0].id;
}, 60_000);
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, payload?: object, lang = 'en') =>
  t.app.inject({ method, url, headers: { ...bearer(buyer.token), 'accept-language': lang }, ...(payload && { payload }) });

async function notify(paymentNo: string, amountFen: number) {
  const body = JSON.stringify({
    paymentNo,
    tradeNo: `SANDBOX${paymentNo}${Math.floor(Math.random() * 1e9)}`,
    amountFen,
    appId: 'sandbox',
    status: 'SUCCESS',
    paidAt: now.toISOString(),
  });
  const signature = await sandbox.signNotification(body);
  return t.app.inject({
    method: 'POST',
    url: '/app-api/pay/notify/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
  });
}

/** A paid traffic package order of the buyer. */
async function paidOrder() {
  const order = (await api('POST', '/app-api/ip/recharge-order/create', { packageId, accountType: 0 })).json().data as {
    id: number;
    orderNo: string;
    payAmountFen: number;
    trafficMb: number;
    giftTrafficMb: number;
  };
  const pay = (await api('POST', '/app-api/order/pay', { orderId: order.id, channel: 'alipay_pc' })).json().data;
  expect((await notify(pay.paymentNo, order.payAmountFen)).body).toBe('success');
  return { ...order, paymentNo: pay.paymentNo as string };
}

const balance = async () => (await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, buyer.id)))[0]?.limitBalance ?? 0;
const lotOf = async (orderNo: string) => (await t.app.db.select().from(trafficLots).where(eq(trafficLots.orderNo, orderNo)))[0];
const refundsOf = (orderNo: string) => t.app.db.select().from(refunds).where(eq(refunds.orderNo, orderNo));

/** The sandbox gateway, counting the provider calls per refund number. */
function countingGateways() {
  const calls: { kind: 'refund' | 'query'; refundNo: string }[] = [];
  const gateway: PaymentGateway = {
    ...sandbox,
    refund: (r: RefundRequest) => {
      calls.push({ kind: 'refund', refundNo: r.refundNo });
      return sandbox.refund(r);
    },
    queryRefund: (r) => {
      calls.push({ kind: 'query', refundNo: r.refundNo });
      return sandbox.queryRefund(r);
    },
  };
  const gateways: Gateways = {
    gatewayFor: () => gateway,
    byName: (name) => (name === 'sandbox' ? gateway : null),
    sandbox,
    channels: [],
  };
  return { gateways, calls };
}

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };
const round = (gateways: Gateways, at = now) =>
  runRefundRound(
    { db: t.app.db, gateways, messenger: t.app.messenger, log: quietLog, notifyUrl: () => 'http://localhost/n' },
    at,
  );

const ops = (orderNo: string, amountFen?: number) =>
  refundOrder(t.app.db, now, { orderNo, amountFen, reason: 'test', actor: 'ops:test', origin: 'ops' });

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 0;
  } catch (err) {
    if (err instanceof BusinessError) return err.code;
    throw err;
  }
};

describe('refunding a traffic package', () => {
  it('50 parallel refunds of one order refund it exactly once, and its traffic is gone', async () => {
    const order = await paidOrder();
    const before = await balance();
    const lot = await lotOf(order.orderNo);
    expect(lot?.remainingMb).toBe(order.trafficMb + order.giftTrafficMb);

    const codes = await Promise.all(Array.from({ length: 50 }, () => codeOf(ops(order.orderNo))));
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === RefundErrorCode.AlreadyRefunded)).toHaveLength(49);

    const rows = await refundsOf(order.orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountFen: order.payAmountFen, status: 'requested', origin: 'ops' });
    expect(rows[0]?.removedMb).toBe(order.trafficMb + order.giftTrafficMb);
    expect(await lotOf(order.orderNo)).toMatchObject({ remainingMb: 0, refundedMb: order.trafficMb + order.giftTrafficMb });
    expect(await balance()).toBe(before - (order.trafficMb + order.giftTrafficMb));
  });

  it('partial refunds, even in parallel, never add up to more than was paid', async () => {
    const order = await paidOrder();
    const part = Math.floor(order.payAmountFen / 4);
    const codes = await Promise.all(Array.from({ length: 12 }, () => codeOf(ops(order.orderNo, part))));
    expect(codes.filter((c) => c === 0)).toHaveLength(4);
    // Refused: the rest is smaller than the part asked (or nothing is left).
    const refused = [RefundErrorCode.AmountTooLarge, RefundErrorCode.AlreadyRefunded] as number[];
    expect(codes.filter((c) => refused.includes(c))).toHaveLength(8);
    const rest = order.payAmountFen - 4 * part;
    if (rest > 0) {
      expect(await codeOf(ops(order.orderNo, rest + 1))).toBe(RefundErrorCode.AmountTooLarge);
      expect(await codeOf(ops(order.orderNo, rest))).toBe(0);
    }
    expect(await codeOf(ops(order.orderNo, 1))).toBe(RefundErrorCode.AlreadyRefunded);
    const rows = await refundsOf(order.orderNo);
    expect(rows.reduce((sum, r) => sum + r.amountFen, 0)).toBe(order.payAmountFen);
    // Only the first refund had traffic to take back.
    expect(rows.filter((r) => r.removedMb > 0)).toHaveLength(1);
  });

  it('refuses unpaid orders, unknown orders and zero amounts', async () => {
    const unpaid = (await api('POST', '/app-api/ip/recharge-order/create', { packageId, accountType: 0 })).json().data;
    expect(await codeOf(ops(unpaid.orderNo))).toBe(RefundErrorCode.OrderNotPaid);
    expect(await codeOf(ops('R00000000000000000000'))).toBe(CommerceErrorCode.OrderNotFound);
    const order = await paidOrder();
    expect(await codeOf(ops(order.orderNo, 0))).toBe(RefundErrorCode.AmountTooLarge);
  });

  it('an issued invoice blocks the refund, with a localized message', async () => {
    const order = await paidOrder();
    await t.app.db.insert(invoices).values({
      userId: buyer.id,
      orderId: order.id,
      type: 'ordinary',
      status: 'issued',
      titleType: 'personal',
      title: 'Test',
      amountFen: order.payAmountFen,
      pdfFile: 'f'.repeat(32),
      requestedAt: now,
      decidedAt: now,
    });
    const res = await api('POST', '/app-api/ip/recharge-order/refund', { orderId: order.id }, 'zh-CN');
    expect(res.json()).toMatchObject({ code: RefundErrorCode.InvoiceIssued, msg: expect.stringContaining('发票') });
    expect(await refundsOf(order.orderNo)).toHaveLength(0);
  });
});

describe('the refund job', () => {
  it('a crash between recording the refund and the provider answer: the next run settles it once, and the buyer is told once', async () => {
    const order = await paidOrder();
    await ops(order.orderNo);
    const { gateways, calls } = countingGateways();

    // An instance claims it and dies (kill -9) before the provider answers.
    const claimed = await claimDueRefunds(t.app.db, now);
    expect(claimed.map((r) => r.orderNo)).toContain(order.orderNo);
    const [refund] = await refundsOf(order.orderNo);
    // Within its lease nobody else takes it.
    expect((await round(gateways)).attempted).toBe(0);

    // After the lease, two instances run at once: one provider call, with the same refund number.
    const later = new Date(now.getTime() + REFUND_LEASE_MS + 1000);
    await Promise.all([round(gateways, later), round(gateways, later)]);
    expect(calls.filter((c) => c.refundNo === refund?.refundNo)).toEqual([{ kind: 'refund', refundNo: refund?.refundNo }]);
    const [settled] = await refundsOf(order.orderNo);
    expect(settled).toMatchObject({ status: 'succeeded', providerRefundId: `SANDBOX-${refund?.refundNo}` });
    expect(settled?.noticeSentAt).not.toBeNull();

    // Further rounds change nothing and tell nobody again.
    await round(gateways, new Date(later.getTime() + 10 * REFUND_LEASE_MS));
    expect(calls.filter((c) => c.refundNo === refund?.refundNo)).toHaveLength(1);
    const told = await t.app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, buyer.mobile), sql`${outboxMessages.body} like ${`%${order.orderNo}%`}`));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(`¥${(order.payAmountFen / 100).toFixed(2)}`);
  });

  it('a provider that fails is retried with the same refund number until it settles', async () => {
    const order = await paidOrder();
    await ops(order.orderNo);
    const [refund] = await refundsOf(order.orderNo);
    let failures = 2;
    const seen: string[] = [];
    const flaky: PaymentGateway = {
      ...sandbox,
      refund: async (r) => {
        seen.push(r.refundNo);
        if (failures-- > 0) throw new (await import('../payments/gateways/types.ts')).GatewayError('busy');
        return sandbox.refund(r);
      },
    };
    const gateways: Gateways = { gatewayFor: () => flaky, byName: () => flaky, sandbox, channels: [] };
    let at = now;
    for (let i = 0; i < 3; i++) {
      await round(gateways, at);
      at = new Date(at.getTime() + 60 * 60_000);
    }
    expect(new Set(seen)).toEqual(new Set([refund?.refundNo]));
    expect(seen).toHaveLength(3);
    expect((await refundsOf(order.orderNo))[0]).toMatchObject({ status: 'succeeded', attempts: 3 });
  });

  it('the order list shows the refund with its amount', async () => {
    const order = await paidOrder();
    await ops(order.orderNo);
    const page = (await api('GET', '/app-api/ip/recharge-order/page?pageNo=1&pageSize=50')).json().data;
    const row = page.list.find((o: { id: number }) => o.id === order.id);
    expect(row.refund).toEqual({ state: 'pending', amountFen: order.payAmountFen });
    await round(countingGateways().gateways, new Date(now.getTime() + 1000));
    const info = (await api('GET', `/app-api/order/getRechargeOrderInfo?id=${order.id}`)).json().data;
    expect(info.refund).toEqual({ state: 'succeeded', amountFen: order.payAmountFen });
  });
});

describe('self-serve refunds', () => {
  it('within the policy: refunded, traffic removed; outside it: refused with the reason in the buyer language', async () => {
    const policy = (await api('GET', '/app-api/ip/recharge-order/refund-policy')).json().data;
    expect(policy).toEqual({ days: 3, maxUsedPercent: 20, maxUsedMb: 1024 });

    const ok = await paidOrder();
    const res = await api('POST', '/app-api/ip/recharge-order/refund', { orderId: ok.id });
    expect(res.json()).toMatchObject({
      code: 0,
      data: { amountFen: ok.payAmountFen, removedMb: ok.trafficMb + ok.giftTrafficMb },
    });
    expect((await lotOf(ok.orderNo))?.remainingMb).toBe(0);

    // Too much used: more than 1 GB (or 20 %) of the package.
    const used = await paidOrder();
    await t.app.db
      .update(trafficLots)
      .set({ remainingMb: sql`${trafficLots.remainingMb} - 2048` })
      .where(eq(trafficLots.orderNo, used.orderNo));
    const tooMuch = await api('POST', '/app-api/ip/recharge-order/refund', { orderId: used.id }, 'zh-CN');
    expect(tooMuch.json()).toMatchObject({ code: RefundErrorCode.TooMuchUsed, msg: expect.stringContaining('20%') });
    expect(tooMuch.json().msg).toMatch(/[\u4e00-\u9fff]/);

    // Too late: four days after payment.
    const late = await paidOrder();
    const paidAt = now;
    now = new Date(paidAt.getTime() + 4 * 86_400_000);
    buyer.token = await loginToken(t.app, buyer.mobile, buyer.password);
    const tooLate = await api('POST', '/app-api/ip/recharge-order/refund', { orderId: late.id }, 'en');
    expect(tooLate.json()).toMatchObject({ code: RefundErrorCode.TooLate, msg: expect.stringContaining('within 3 days') });
    now = paidAt;
    buyer.token = await loginToken(t.app, buyer.mobile, buyer.password);
    expect(await refundsOf(used.orderNo)).toHaveLength(0);
    expect(await refundsOf(late.orderNo)).toHaveLength(0);

    // Another member's order is not found; a bad body is a localized 400.
    const other = await createTestUser(t.app.db);
    const otherToken = await loginToken(t.app, other.mobile as string, other.password);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/app-api/ip/recharge-order/refund',
      headers: bearer(otherToken),
      payload: { orderId: late.id },
    });
    expect(foreign.json().code).toBe(CommerceErrorCode.OrderNotFound);
    const bad = await api('POST', '/app-api/ip/recharge-order/refund', { orderId: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('automatic refunds', () => {
  it('a second payment of an order already paid is refunded on its own, the order keeps its traffic', async () => {
    const order = (await api('POST', '/app-api/ip/recharge-order/create', { packageId, accountType: 0 })).json().data;
    const a = (await api('POST', '/app-api/order/pay', { orderId: order.id, channel: 'alipay_pc' })).json().data;
    const b = (await api('POST', '/app-api/order/pay', { orderId: order.id, channel: 'wx_native' })).json().data;
    expect((await notify(a.paymentNo, order.payAmountFen)).body).toBe('success');
    expect((await notify(b.paymentNo, order.payAmountFen)).body).toBe('success');
    const [second] = await t.app.db.select().from(payments).where(eq(payments.paymentNo, b.paymentNo));
    const rows = await refundsOf(order.orderNo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentId: second?.id, origin: 'auto', amountFen: order.payAmountFen, removedMb: 0 });
    expect((await lotOf(order.orderNo))?.remainingMb).toBe(order.trafficMb + order.giftTrafficMb);
  });
});

describe('refunding static IPs', () => {
  it('releases the IPs of the order in the refund transaction; an order out of stock is refunded automatically', async () => {
    const payer = sandboxPayer(t.app, sandbox, () => now);
    const { regionId, nodeIds } = await addRegion(t.app.db, { resourceType: 2, cityEn: 'Refundville', nodes: 2 });
    const create = async (count: number) =>
      (await api('POST', '/app-api/ip/static-order/create', { resourceType: 2, regionId, count, durationDays: 30 })).json()
        .data as { id: number; orderNo: string; amountFen: number };
    const order = await create(2);
    expect(await payer.pay(buyer.token, order)).toBe('success');
    const items = await t.app.db.select().from(staticOrderItems).where(eq(staticOrderItems.orderId, order.id));
    expect(items.filter((i) => !i.released)).toHaveLength(2);

    const done = await ops(order.orderNo);
    expect(done.amountFen).toBe(order.amountFen);
    const after = await t.app.db.select().from(staticOrderItems).where(eq(staticOrderItems.orderId, order.id));
    expect(after.every((i) => i.released)).toBe(true);
    const nodes = await t.app.db.select().from(staticNodes).where(eq(staticNodes.regionId, regionId));
    expect(nodes.map((n) => n.state).sort()).toEqual([0, 0]);
    expect(nodeIds).toHaveLength(2);
    expect((await refundsOf(order.orderNo))[0]?.releasedIps).toBe(2);

    // Two orders for the one region's 2 IPs, both paid: the second cannot be fulfilled and is refunded in full.
    const first = await create(2);
    const second = await create(2);
    expect(await payer.pay(buyer.token, first)).toBe('success');
    expect(await payer.pay(buyer.token, second)).toBe('success');
    const auto = await refundsOf(second.orderNo);
    expect(auto).toHaveLength(1);
    expect(auto[0]).toMatchObject({ origin: 'auto', amountFen: second.amountFen, releasedIps: 0 });
    expect(await refundsOf(first.orderNo)).toHaveLength(0);
    const list = (await api('GET', '/app-api/ip/static-order/page?pageNo=1&pageSize=50')).json().data.list;
    expect(list.find((o: { id: number }) => o.id === second.id).refund).toEqual({
      state: 'pending',
      amountFen: second.amountFen,
    });
  });
});

describe('ops refund', () => {
  it('refunds part of an order in yuan, lists it, and says why it refuses', async () => {
    const { runOps } = await import('../../cli/ops.ts');
    const out: string[] = [];
    const err: string[] = [];
    const ctx = {
      db: async () => t.app.db,
      config: t.config,
      io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) },
    };
    const order = await paidOrder();
    expect(await runOps(['refund', order.orderNo, '--reason', 'customer complaint', '--amount', '0.50'], ctx)).toBe(0);
    expect(out.at(-1)).toMatch(/^requested: refund F\d{20} of order R\d{20}, ¥0\.50, \d+ MB of traffic removed/);
    const [row] = await refundsOf(order.orderNo);
    expect(row).toMatchObject({ amountFen: 50, origin: 'ops', reason: 'customer complaint' });
    expect(row?.actor).toMatch(/^ops:/);

    expect(await runOps(['refund', order.orderNo, '--reason', 'again', '--amount', '100000'], ctx)).toBe(1);
    expect(err.at(-1)).toContain('at most');
    expect(await runOps(['refund', order.orderNo], ctx)).toBe(2);
    expect(await runOps(['refund', order.orderNo, '--reason', 'x', '--amount', '-1'], ctx)).toBe(2);
    expect(await runOps(['refund', order.orderNo, '--list'], ctx)).toBe(0);
    expect(out.at(-1)).toContain(`${row?.refundNo}\trequested\t¥0.50\tops`);
  });
});
