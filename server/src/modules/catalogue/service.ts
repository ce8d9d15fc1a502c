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
} from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS, deepFreeze } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { customTrafficRules, flowPackages } from './tables.ts';

type PackageRow = typeof flowPackages.$inferSelect;

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
 * keeps it for CATALOGUE_TTL_MS. Orders never use this copy (they price from the table). A change
 * clears it at once on every instance (cache/invalidation.ts: in this process directly, from other
 * processes by the table's NOTIFY); the TTL bounds it if a notification is lost.
 */
export const CATALOGUE_TTL_MS = CACHE_MAX_STALE_MS;

/** Packages on sale, cheapest first. */
export function listPackages(db: Db): Promise<TrafficPackage[]> {
  return cacheFor(db).cached('catalogue:packages', CATALOGUE_TTL_MS, () => readPackages(db).then(deepFreeze), {
    tags: ['prices'],
  });
}

async function readPackages(db: Db): Promise<TrafficPackage[]> {
  const rows = await db
    .select()
    .from(flowPackages)
    .where(eq(flowPackages.onSale, true))
    .orderBy(asc(flowPackages.priceFen), asc(flowPackages.id));
  return rows.map(toPackage);
}

export async function getPackage(db: Db, id: number): Promise<TrafficPackage> {
  const [row] = await db
    .select()
    .from(flowPackages)
    .where(and(eq(flowPackages.id, id), eq(flowPackages.onSale, true)));
  if (!row) throw new BusinessError(CommerceErrorCode.PackageNotFound, 'commerce.packageNotFound');
  return toPackage(row);
}

export async function getCustomRule(db: Db): Promise<CustomTrafficRule> {
  const [row] = await db.select().from(customTrafficRules).where(eq(customTrafficRules.id, 1));
  if (!row) throw new Error('custom traffic rule missing: the seed did not run');
  const tiers = [...row.tiers].sort((a, b) => a.minGb - b.minGb);
  return { tiers, minGb: row.minGb, maxGb: row.maxGb, validityDays: row.validityDays };
}

export async function unitPrice(db: Db, trafficGb: number | undefined) {
  const rule = await getCustomRule(db);
  const unit = trafficGb === undefined ? null : unitPriceFor(rule, trafficGb);
  return {
    ...rule,
    trafficGb: trafficGb ?? null,
    unitPriceFen: unit,
    priceFen: unit === null || trafficGb === undefined ? null : unit * trafficGb,
  };
}

export type Purchase = { packageId: number } | { trafficGb: number };

/** What the server charges for a purchase: always from its own catalogue, never from the client. */
export async function quotePurchase(
  db: Db,
  purchase: Purchase,
  accountType: OrderAccountType,
): Promise<Quote & { packageId: number | null }> {
  if ('packageId' in purchase) {
    const pkg = await getPackage(db, purchase.packageId);
    return { ...quotePackage(pkg, accountType), packageId: pkg.id };
  }
  const rule = await getCustomRule(db);
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
    const [row] = await db.insert(flowPackages).values(input).returning({ id: flowPackages.id });
    if (!row) throw new Error('insert returned nothing');
    return row.id;
  }
  const updated = await db
    .update(flowPackages)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(flowPackages.id, id))
    .returning({ id: flowPackages.id });
  if (updated.length === 0) throw new Error(`no package ${id}`);
  return id;
}

export async function listAllPackages(db: Db) {
  return db.select().from(flowPackages).orderBy(asc(flowPackages.priceFen), asc(flowPackages.id));
}

export async function saveCustomRule(db: Db, rule: CustomTrafficRule): Promise<void> {
  await db
    .insert(customTrafficRules)
    .values({ id: 1, ...rule })
    .onConflictDoUpdate({ target: customTrafficRules.id, set: { ...rule, updatedAt: new Date() } });
  changed(db, 'prices');
}
