import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payments } from '../modules/payments/tables.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createTestUser } from '../test/members.ts';
import { tableRows } from './raw-rows.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

it('decodes a row read as SQL text exactly as the query builder returns it', async () => {
  const { db } = database;
  const user = await createTestUser(db);
  const paidAt = new Date('2026-11-25T12:34:56.789Z');
  const [inserted] = await db
    .insert(payments)
    .values({
      paymentNo: 'RAW-ROWS-1',
      orderKind: 'recharge',
      orderId: 1,
      userId: user.id,
      channel: 'alipay_pc',
      gateway: 'sandbox',
      amountFen: 1234,
      status: 1,
      tradeNo: null,
      paidAt,
      createdAt: new Date('2026-11-25T12:00:00Z'),
    })
    .returning();
  const rows = tableRows(payments);
  const result = (await db.execute(sql`select ${rows.columns} from ${payments} where id = ${inserted?.id}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const decoded = rows.decode(result.rows[0] ?? {});
  const [built] = await db
    .select()
    .from(payments)
    .where(eq(payments.id, inserted?.id ?? 0));
  expect(decoded).toEqual(built);
  expect(decoded.paidAt).toBeInstanceOf(Date);
  expect(decoded.paidAt?.getTime()).toBe(paidAt.getTime());
  expect(decoded.tradeNo).toBeNull();
});
