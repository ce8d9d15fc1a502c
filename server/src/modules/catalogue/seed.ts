import { MB_PER_GB } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customTrafficRules, trafficPackages } from './tables.ts';

const gb = (n: number) => n * MB_PER_GB;

/**
 * The launch catalogue, in line with the market for residential traffic (about ¥15–30 per GB,
 * cheaper in volume). Inserted only into an empty catalogue: operators' changes are never undone.
 */
export const DEFAULT_PACKAGES = [
  { trafficMb: gb(5), giftTrafficMb: 0, priceFen: 12_500, originalPriceFen: 15_000, validityDays: 30, tags: ['starter'] },
  { trafficMb: gb(20), giftTrafficMb: gb(1), priceFen: 44_000, originalPriceFen: 60_000, validityDays: 60, tags: [] },
  {
    trafficMb: gb(50),
    giftTrafficMb: gb(5),
    priceFen: 100_000,
    originalPriceFen: 150_000,
    validityDays: 90,
    tags: ['popular'],
  },
  { trafficMb: gb(100), giftTrafficMb: gb(10), priceFen: 180_000, originalPriceFen: 300_000, validityDays: 180, tags: [] },
  {
    trafficMb: gb(500),
    giftTrafficMb: gb(50),
    priceFen: 750_000,
    originalPriceFen: 1_500_000,
    validityDays: 365,
    tags: ['bestValue'],
  },
  {
    trafficMb: gb(1000),
    giftTrafficMb: gb(150),
    priceFen: 1_300_000,
    originalPriceFen: 3_000_000,
    validityDays: 365,
    tags: ['enterprise'],
  },
] satisfies (typeof trafficPackages.$inferInsert)[];

export const DEFAULT_CUSTOM_RULE = {
  id: 1,
  tiers: [
    { minGb: 1, unitPriceFen: 3000 },
    { minGb: 50, unitPriceFen: 2500 },
    { minGb: 200, unitPriceFen: 2000 },
    { minGb: 500, unitPriceFen: 1700 },
    { minGb: 1000, unitPriceFen: 1500 },
  ],
  minGb: 1,
  maxGb: 10_000,
  validityDays: 90,
} satisfies typeof customTrafficRules.$inferInsert;

export async function seedCatalogue(db: Db): Promise<void> {
  await db.insert(customTrafficRules).values(DEFAULT_CUSTOM_RULE).onConflictDoNothing();
  // Several instances may start at once: one transaction-scoped advisory lock makes "insert when empty" safe.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:flow_packages'))`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(trafficPackages);
    if (count === 0) await tx.insert(trafficPackages).values(DEFAULT_PACKAGES);
  });
}
