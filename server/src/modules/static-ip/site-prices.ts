import type { PriceOverride, ResourceType } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { siteStaticPrices } from './tables.ts';

/** The key of a static duration's override: `staticKey(type, days)`. */
export const staticKey = (resourceType: ResourceType, days: number) => `${resourceType}:${days}`;

/**
 * A substation's own prices of static durations (decision 0027), by staticKey; a duration without
 * one sells at its default price. Here, not with the package overrides in catalogue/site-prices.ts,
 * because the catalogue reads static durations (its "from" prices): static-ip stays the lower module.
 */
export async function readStaticOverrides(db: Db | Tx, siteId: number): Promise<Map<string, PriceOverride>> {
  const rows = await db.select().from(siteStaticPrices).where(eq(siteStaticPrices.siteId, siteId));
  return new Map(
    rows.map((row) => [
      staticKey(row.resourceType, row.days),
      { priceFen: row.priceFen, originalPriceFen: row.originalPriceFen },
    ]),
  );
}

/** Sets (override given) or clears (null) a site's price per IP of a static duration. */
export async function writeStaticOverride(
  db: Db,
  siteId: number,
  resourceType: ResourceType,
  days: number,
  override: PriceOverride | null,
): Promise<void> {
  const which = and(
    eq(siteStaticPrices.siteId, siteId),
    eq(siteStaticPrices.resourceType, resourceType),
    eq(siteStaticPrices.days, days),
  );
  if (override === null) {
    await db.delete(siteStaticPrices).where(which);
    return;
  }
  await db
    .insert(siteStaticPrices)
    .values({ siteId, resourceType, days, ...override })
    .onConflictDoUpdate({
      target: [siteStaticPrices.siteId, siteStaticPrices.resourceType, siteStaticPrices.days],
      set: override,
    });
}
