import {
  CommerceErrorCode,
  type CustomTrafficRule,
  type OrderAccountType,
  type PackageTag,
  type Quote,
  quoteCustom,
  quotePackage,
  type TrafficPackage,
  unitPriceFor,
  withPriceOverride,
  withTierOverrides,
  type TrafficPurchase,
} from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS, deepFreeze } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { readSiteOverrides, type SiteOverrides, siteOverrides } from './site-prices.ts';
import { customTrafficRules, trafficPackages } from './tables.ts';

type PackageRow = typeof trafficPackages.$inferSelect;

const toPackage = (row: PackageRow): TrafficPackage => ({
  id: row.id,
  trafficMb: row.trafficMb,
  giftTrafficMb: row.giftTrafficMb,
  priceFen: row.priceFen,
  originalPriceFen: row.originalPriceFen,
  validityDays: row.validityDays,
  tags: row.tags,
});

/**
 * The public catalogue is read on every visit to /buy but changes a few times a year: each instance
 * keeps it per substation for CATALOGUE_TTL_MS. Orders never use this copy (they price from the
 * tables). A change of prices or of a site's overrides clears it at once on every instance
 * (cache/invalidation.ts: in this process directly, from other processes by the tables' NOTIFY);
 * the TTL bounds it if a notification is lost.
 */
export const CATALOGUE_TTL_MS = CACHE_MAX_STALE_MS;

/** Packages on sale at a substation's prices, cheapest first. */
export function listPackages(db: Db, siteId: number): Promise<TrafficPackage[]> {
  return cacheFor(db).cached(
    `catalogue:packages:${siteId}`,
    CATALOGUE_TTL_MS,
    async () => {
      const [rows, overrides] = await Promise.all([readPackages(db), siteOverrides(db, siteId)]);
      return deepFreeze(sitePackages(rows, overrides));
    },
    { tags: ['prices'] },
  );
}

function sitePackages(packages: TrafficPackage[], overrides: SiteOverrides): TrafficPackage[] {
  return packages
    .map((pkg) => withPriceOverride(pkg, overrides.packages.get(pkg.id)))
    .sort((a, b) => a.priceFen - b.priceFen || a.id - b.id);
}

async function readPackages(db: Db): Promise<TrafficPackage[]> {
  const rows = await db
    .select()
    .from(trafficPackages)
    .where(eq(trafficPackages.onSale, true))
    .orderBy(asc(trafficPackages.priceFen), asc(trafficPackages.id));
  return rows.map(toPackage);
}

/** A package on sale at a substation's price; `overrides` given: read by the caller (an order). */
export async function getPackage(db: Db, id: number, siteId: number, overrides?: SiteOverrides): Promise<TrafficPackage> {
  const [row] = await db
    .select()
    .from(trafficPackages)
    .where(and(eq(trafficPackages.id, id), eq(trafficPackages.onSale, true)));
  if (!row) throw new BusinessError(CommerceErrorCode.PackageNotFound, 'commerce.packageNotFound');
  return withPriceOverride(toPackage(row), (overrides ?? (await siteOverrides(db, siteId))).packages.get(row.id));
}

/** The one custom-traffic rule at its default prices (operators change it with `ops price tiers`). */
export async function getCustomRule(db: Db): Promise<CustomTrafficRule> {
  const [row] = await db.select().from(customTrafficRules).where(eq(customTrafficRules.id, 1));
  if (!row) throw new Error('custom traffic rule missing: the seed did not run');
  const tiers = [...row.tiers].sort((a, b) => a.minGb - b.minGb);
  return { tiers, minGb: row.minGb, maxGb: row.maxGb, validityDays: row.validityDays };
}

/** The custom-traffic rule at a substation's prices. */
export async function siteCustomRule(db: Db, siteId: number, overrides?: SiteOverrides): Promise<CustomTrafficRule> {
  const [rule, own] = await Promise.all([getCustomRule(db), overrides ?? siteOverrides(db, siteId)]);
  return withTierOverrides(rule, own.tiers);
}

export async function unitPrice(db: Db, siteId: number, trafficGb: number | undefined) {
  const rule = await siteCustomRule(db, siteId);
  const unit = trafficGb === undefined ? null : unitPriceFor(rule, trafficGb);
  return {
    ...rule,
    trafficGb: trafficGb ?? null,
    unitPriceFen: unit,
    priceFen: unit === null || trafficGb === undefined ? null : unit * trafficGb,
  };
}

/**
 * What the server charges for a purchase at a substation's prices: always from its own tables (read
 * now, not the catalogue cache), never from the client.
 */
export async function quotePurchase(
  db: Db,
  purchase: TrafficPurchase,
  accountType: OrderAccountType,
  siteId: number,
): Promise<Quote & { packageId: number | null }> {
  const overrides = await readSiteOverrides(db, siteId);
  if (purchase.packageId !== undefined) {
    const pkg = await getPackage(db, purchase.packageId, siteId, overrides);
    return { ...quotePackage(pkg, accountType), packageId: pkg.id };
  }
  const rule = await siteCustomRule(db, siteId, overrides);
  const quote = quoteCustom(rule, purchase.trafficGb, accountType);
  if (!quote) {
    throw new BusinessError(CommerceErrorCode.TrafficOutOfRange, 'commerce.trafficOutOfRange', {
      min: rule.minGb,
      max: rule.maxGb,
    });
  }
  return { ...quote, packageId: null };
}

export interface PackageInput {
  trafficMb: number;
  giftTrafficMb: number;
  priceFen: number;
  originalPriceFen: number;
  validityDays: number;
  tags: PackageTag[];
  onSale: boolean;
}

/** Operators (ops CLI): add a package, or change one (id given). */
export async function savePackage(db: Db, input: PackageInput, id?: number): Promise<number> {
  try {
    return await writePackage(db, input, id);
  } finally {
    changed(db, 'prices');
  }
}

async function writePackage(db: Db, input: PackageInput, id?: number): Promise<number> {
  if (id === undefined) {
    const [row] = await db.insert(trafficPackages).values(input).returning({ id: trafficPackages.id });
    if (!row) throw new Error('insert returned nothing');
    return row.id;
  }
  const updated = await db
    .update(trafficPackages)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(trafficPackages.id, id))
    .returning({ id: trafficPackages.id });
  if (updated.length === 0) throw new Error(`no package ${id}`);
  return id;
}

export async function listAllPackages(db: Db) {
  return db.select().from(trafficPackages).orderBy(asc(trafficPackages.priceFen), asc(trafficPackages.id));
}

export async function saveCustomRule(db: Db, rule: CustomTrafficRule): Promise<void> {
  await db
    .insert(customTrafficRules)
    .values({ id: 1, ...rule })
    .onConflictDoUpdate({ target: customTrafficRules.id, set: { ...rule, updatedAt: new Date() } });
  changed(db, 'prices');
}
