import type { PriceOverride, ResourceType } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS, deepFreeze } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { readStaticOverrides, writeStaticOverride } from '../static-ip/site-prices.ts';
import { siteStaticPrices } from '../static-ip/tables.ts';
import { sitePackagePrices, siteTierPrices } from './tables.ts';

/** A substation's price overrides (decision 0027); what has none sells at the default price. */
export interface SiteOverrides {
  packages: ReadonlyMap<number, PriceOverride>;
  /** Price per GB by the lower bound of a default tier. */
  tiers: ReadonlyMap<number, number>;
  /** By `staticKey(type, days)` (static-ip/site-prices.ts). */
  statics: ReadonlyMap<string, PriceOverride>;
}

/** Reads a site's overrides from the database (in a transaction: what it sees). */
export async function readSiteOverrides(db: Db | Tx, siteId: number): Promise<SiteOverrides> {
  const [packages, tiers, statics] = await Promise.all([
    db.select().from(sitePackagePrices).where(eq(sitePackagePrices.siteId, siteId)),
    db.select().from(siteTierPrices).where(eq(siteTierPrices.siteId, siteId)),
    readStaticOverrides(db, siteId),
  ]);
  const override = (row: { priceFen: number; originalPriceFen: number | null }) => ({
    priceFen: row.priceFen,
    originalPriceFen: row.originalPriceFen,
  });
  return {
    packages: new Map(packages.map((row) => [row.packageId, override(row)])),
    tiers: new Map(tiers.map((row) => [row.minGb, row.unitPriceFen])),
    statics,
  };
}

/**
 * A site's overrides, kept per site like the catalogue they modify: dropped with it on every
 * instance when prices or overrides change (tag `prices`, migration 0019's triggers).
 */
export function siteOverrides(db: Db, siteId: number): Promise<SiteOverrides> {
  return cacheFor(db).cached(`site-prices:${siteId}`, CACHE_MAX_STALE_MS, () => readSiteOverrides(db, siteId).then(deepFreeze), {
    tags: ['prices'],
  });
}

/** Runs an operator's change of overrides; then this instance drops cached prices at once (the others are notified). */
async function changing<T>(db: Db, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    changed(db, 'prices');
  }
}

/** Sets (override given) or clears (null) a site's price of a package. */
export function setPackageOverride(db: Db, siteId: number, packageId: number, override: PriceOverride | null) {
  return changing(db, async () => {
    if (override === null) {
      await db
        .delete(sitePackagePrices)
        .where(and(eq(sitePackagePrices.siteId, siteId), eq(sitePackagePrices.packageId, packageId)));
      return;
    }
    await db
      .insert(sitePackagePrices)
      .values({ siteId, packageId, ...override })
      .onConflictDoUpdate({ target: [sitePackagePrices.siteId, sitePackagePrices.packageId], set: override });
  });
}

/**
 * Sets or clears a site's price per GB of tiers (by lower bound). `replace`: the given tiers are the
 * site's whole tier table, every other tier goes back to the default price (one transaction).
 */
export function setTierOverrides(
  db: Db,
  siteId: number,
  tiers: ReadonlyArray<{ minGb: number; unitPriceFen: number | null }>,
  { replace = false } = {},
) {
  return changing(db, () =>
    db.transaction(async (tx) => {
      if (replace) await tx.delete(siteTierPrices).where(eq(siteTierPrices.siteId, siteId));
      for (const { minGb, unitPriceFen } of tiers) {
        if (unitPriceFen === null) {
          await tx.delete(siteTierPrices).where(and(eq(siteTierPrices.siteId, siteId), eq(siteTierPrices.minGb, minGb)));
        } else {
          await tx
            .insert(siteTierPrices)
            .values({ siteId, minGb, unitPriceFen })
            .onConflictDoUpdate({ target: [siteTierPrices.siteId, siteTierPrices.minGb], set: { unitPriceFen } });
        }
      }
    }),
  );
}

/** Sets (override given) or clears (null) a site's price per IP of a static duration. */
export function setStaticOverride(
  db: Db,
  siteId: number,
  resourceType: ResourceType,
  days: number,
  override: PriceOverride | null,
) {
  return changing(db, () => writeStaticOverride(db, siteId, resourceType, days, override));
}

/** How many overrides each site has (for `ops site list`). */
export async function overrideCounts(db: Db): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const add = (rows: { siteId: number }[]) => {
    for (const row of rows) counts.set(row.siteId, (counts.get(row.siteId) ?? 0) + 1);
  };
  add(await db.select({ siteId: sitePackagePrices.siteId }).from(sitePackagePrices));
  add(await db.select({ siteId: siteTierPrices.siteId }).from(siteTierPrices));
  add(await db.select({ siteId: siteStaticPrices.siteId }).from(siteStaticPrices));
  return counts;
}
