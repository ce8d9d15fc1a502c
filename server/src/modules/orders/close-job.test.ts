import { RechargeOrderStatus } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer, createTestUser, loginToken } from '../../test/members.ts';
import { startOrderCloseJob } from './close-job.ts';
import { rechargeOrders } from './tables.ts';

let now = new Date('2026-11-21T08:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

describe('the order-closing job', () => {
  it('stopping it waits for the round in progress, so a shutdown never closes the database under it', async () => {
    const user = await createTestUser(t.app.db);
    const token = await loginToken(t.app, user.mobile as string, user.password);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/app-api/ip/recharge-order/create',
        headers: bearer(token),
        payload: { trafficGb: 1, accountType: 0 },
      });
      expect(res.json().code).toBe(0);
    }
    now = new Date(now.getTime() + 24 * 3600_000);
    // The first round starts at once; stop is called while it runs.
    const stop = startOrderCloseJob(t.app, 3_600_000);
    await stop();
    const rows = await t.app.db
      .select({ status: rechargeOrders.status })
      .from(rechargeOrders)
      .where(eq(rechargeOrders.userId, user.id));
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill(RechargeOrderStatus.Closed));
  });
});
