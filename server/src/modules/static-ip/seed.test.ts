import { RESOURCE_TYPES } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { stockSummary } from './inventory.ts';
import { DEFAULT_STATIC_DURATIONS, seedStatic } from './seed.ts';
import { staticDurations, staticNodes, staticRegions } from './tables.ts';

let database: TestDatabase;
beforeAll(async () => {
  // Seeded as production is (SANDBOX off).
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const DOC_RANGE = /^(198\.51\.100|203\.0\.113|192\.0\.2)\.\d{1,3}$/;

describe('static IP seed', () => {
  it('always has durations and prices, and no demo stock outside the sandbox', async () => {
    const db = database.db;
    expect(await db.select().from(staticDurations)).toHaveLength(DEFAULT_STATIC_DURATIONS.length);
    expect(await db.select().from(staticRegions)).toEqual([]);
    // Longer is cheaper per month, original price above the price.
    for (const type of RESOURCE_TYPES) {
      const rows = DEFAULT_STATIC_DURATIONS.filter((d) => d.resourceType === type);
      expect(rows.map((d) => d.days)).toEqual([30, 90, 180]);
      expect(rows.every((d) => Number.isInteger(d.priceFen) && d.originalPriceFen > d.priceFen)).toBe(true);
    }
  });

  it('adds a realistic demo inventory in the sandbox, once, even when two instances start together', async () => {
    const db = database.db;
    await Promise.all([seedStatic(db, { sandbox: true }), seedStatic(db, { sandbox: true })]);
    const summary = await stockSummary(db);
    for (const type of RESOURCE_TYPES) {
      const regions = summary.filter((r) => r.resourceType === type);
      expect(regions.length).toBeGreaterThanOrEqual(6);
      expect(regions.length).toBeLessThanOrEqual(10);
      const empty = regions.filter((r) => r.available === 0);
      expect(empty).toHaveLength(1);
      for (const r of regions.filter((x) => x.available > 0)) {
        expect(r.available).toBeGreaterThanOrEqual(20);
        expect(r.available).toBeLessThanOrEqual(40);
      }
      expect(regions.every((r) => r.allocated === 0)).toBe(true);
    }
    const china = await db.select().from(staticRegions).where(eq(staticRegions.resourceType, 12));
    expect(china.map((r) => r.cityEn).sort()).toEqual(['Beijing', 'Chengdu', 'Guangzhou', 'Hangzhou', 'Shanghai', 'Shenzhen']);
    expect(china.map((r) => r.cityZh).sort()).toEqual(['上海', '北京', '广州', '成都', '杭州', '深圳'].sort());
    const countries = new Set((await db.select().from(staticRegions)).map((r) => r.countryCode));
    expect(countries.size).toBeGreaterThanOrEqual(10);

    const nodes = await db.select().from(staticNodes);
    expect(nodes.every((n) => DOC_RANGE.test(n.host) && DOC_RANGE.test(n.outIp))).toBe(true);
    expect(new Set(nodes.map((n) => n.port)).size).toBeGreaterThan(100);
    expect(new Set(nodes.map((n) => n.protocols.join('|')))).toEqual(
      new Set(['http|https|socks5', 'http|socks5', 'socks5', 'http|https']),
    );

    // Run again (a restart), after an operator changed a price: nothing added, nothing undone.
    await db
      .update(staticDurations)
      .set({ priceFen: 1234 })
      .where(sql`${staticDurations.resourceType} = 1 and ${staticDurations.days} = 30`);
    await seedStatic(db, { sandbox: true });
    expect(await db.select().from(staticNodes)).toHaveLength(nodes.length);
    const [changed] = await db
      .select()
      .from(staticDurations)
      .where(sql`${staticDurations.resourceType} = 1 and ${staticDurations.days} = 30`);
    expect(changed?.priceFen).toBe(1234);
  });
});
