import { StaticErrorCode, StaticOrderStatus } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { addRegion, sandboxPayer } from '../../test/static-ip.ts';
import { createSandboxGateway } from '../payments/gateways/sandbox.ts';
import { paymentNotifications } from '../payments/tables.ts';
import { staticNodes, staticOrderItems, staticOrders } from './tables.ts';

const PAYERS = 200;
const STOCK = 100;

let t: TestApp;
const now = new Date('2026-11-21T08:00:00Z');
let payer: ReturnType<typeof sandboxPayer>;
const tokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { SANDBOX: 'true' } });
  payer = sandboxPayer(t.app, createSandboxGateway(t.config), () => now);
  for (let i = 0; i < 8; i++) {
    const user = await createTestUser(t.app.db);
    tokens.push(await loginToken(t.app, user.mobile as string, user.password));
  }
});
afterAll(() => t.close());

describe('allocation under concurrent payments', () => {
  it(`${PAYERS} concurrent payers for ${STOCK} IPs: exactly ${STOCK} allocated, none twice, the rest Refunding`, {
    timeout: 180_000,
  }, async () => {
    const { regionId, nodeIds } = await addRegion(t.app.db, { resourceType: 2, cityEn: 'Dallas', nodes: STOCK });

    // Every order passes the soft stock check when placed: nothing is taken before payment.
    const orders: { id: number; amountFen: number; token: string }[] = [];
    for (let i = 0; i < PAYERS; i++) {
      const token = tokens[i % tokens.length] as string;
      const res = await t.app.inject({
        method: 'POST',
        url: '/app-api/ip/static-order/create',
        headers: bearer(token),
        payload: { resourceType: 2, regionId, count: 1, durationDays: 30 },
      });
      expect(res.json().code, res.body).toBe(0);
      orders.push({ ...res.json().data, token });
    }
    const notes = [];
    for (const order of orders) {
      const { paymentNo } = await payer.start(order.token, order.id);
      notes.push(await payer.notification(paymentNo, order.amountFen));
    }

    const acks = await Promise.all(notes.map((n) => payer.notify(n)));
    // Both outcomes are settled: the provider must not keep retrying a refund.
    expect(acks.map((a) => a.body)).toEqual(Array(PAYERS).fill('success'));

    const ids = orders.map((o) => o.id);
    const rows = await t.app.db.select().from(staticOrders).where(inArray(staticOrders.id, ids));
    const byStatus = (status: number) => rows.filter((r) => r.status === status);
    expect(byStatus(StaticOrderStatus.Success)).toHaveLength(STOCK);
    expect(byStatus(StaticOrderStatus.Refunding)).toHaveLength(PAYERS - STOCK);
    expect(rows.every((r) => r.payStatus === 1)).toBe(true);

    const items = await t.app.db.select().from(staticOrderItems).where(inArray(staticOrderItems.orderId, ids));
    expect(items).toHaveLength(STOCK);
    expect(new Set(items.map((i) => i.nodeId)).size).toBe(STOCK);
    expect(new Set(items.map((i) => i.nodeId))).toEqual(new Set(nodeIds));
    // One IP per successful order, none for the refunded ones.
    const success = new Set(byStatus(StaticOrderStatus.Success).map((r) => r.id));
    expect(new Set(items.map((i) => i.orderId))).toEqual(success);

    const [stock] = await t.app.db
      .select({
        available: sql<number>`(count(*) filter (where ${staticNodes.state} = 0))::int`,
        allocated: sql<number>`(count(*) filter (where ${staticNodes.state} = 1))::int`,
      })
      .from(staticNodes)
      .where(eq(staticNodes.regionId, regionId));
    expect(stock).toEqual({ available: 0, allocated: STOCK });
    const regions = (await t.app.inject({ method: 'GET', url: '/app-api/ip/static-isp/node?resourceType=2' })).json().data;
    expect(regions.find((r: { id: number }) => r.id === regionId).available).toBe(0);

    const outcomes = await t.app.db.select({ outcome: paymentNotifications.outcome }).from(paymentNotifications);
    expect(outcomes.filter((o) => o.outcome === 'applied')).toHaveLength(STOCK);
    expect(outcomes.filter((o) => o.outcome === 'refund_pending')).toHaveLength(PAYERS - STOCK);

    // Delivered again, every notification is a duplicate: nothing more is taken or refunded.
    const again = await Promise.all(notes.slice(0, 20).map((n) => payer.notify(n)));
    expect(again.every((a) => a.body === 'success')).toBe(true);
    expect(await t.app.db.select().from(staticOrderItems).where(inArray(staticOrderItems.orderId, ids))).toHaveLength(STOCK);
  });

  it('concurrent exchanges into a region with 3 free IPs: 3 move, the others find no replaceable region', async () => {
    const tokyo = await addRegion(t.app.db, { resourceType: 1, cityEn: 'Tokyo', nodes: 6 });
    const osaka = await addRegion(t.app.db, { resourceType: 1, cityEn: 'Osaka', nodes: 3 });
    const mine: { token: string; itemId: number }[] = [];
    for (const token of tokens.slice(0, 6)) {
      const order = await t.app.inject({
        method: 'POST',
        url: '/app-api/ip/static-order/create',
        headers: bearer(token),
        payload: { resourceType: 1, regionId: tokyo.regionId, count: 1, durationDays: 30 },
      });
      expect(await payer.pay(token, order.json().data)).toBe('success');
      const [item] = await t.app.db.select().from(staticOrderItems).where(eq(staticOrderItems.orderId, order.json().data.id));
      mine.push({ token, itemId: item?.id as number });
    }
    const answers = await Promise.all(
      mine.map(({ token, itemId }) =>
        t.app.inject({
          method: 'POST',
          url: '/app-api/ip/static-order-item-exchange/shareExchange',
          headers: bearer(token),
          payload: { itemIds: [itemId], regionId: osaka.regionId },
        }),
      ),
    );
    const codes = answers.map((a) => a.json().code).sort();
    expect(codes).toEqual([0, 0, 0, ...Array(3).fill(StaticErrorCode.NoReplaceableRegion)]);
    const held = await t.app.db
      .select({ nodeId: staticOrderItems.nodeId })
      .from(staticOrderItems)
      .where(eq(staticOrderItems.released, false));
    expect(new Set(held.map((h) => h.nodeId)).size).toBe(held.length);
    const state = async (ids: number[]) =>
      (await t.app.db.select().from(staticNodes).where(inArray(staticNodes.id, ids))).map((n) => n.state).sort();
    expect(await state(osaka.nodeIds)).toEqual([1, 1, 1]);
    expect(await state(tokyo.nodeIds)).toEqual([0, 0, 0, 1, 1, 1]);
  });
});
