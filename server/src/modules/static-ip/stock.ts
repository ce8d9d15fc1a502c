import { type ResourceType, StaticErrorCode, type StaticDuration, type StaticRegion, withPriceOverride } from '@portal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { CACHE_MAX_STALE_MS, deepFreeze } from '../../cache/cache.ts';
import { cacheFor } from '../../cache/invalidation.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { readStaticOverrides, staticKey } from './site-prices.ts';
import { NodeState, staticDurations, staticNodes, staticOrderItems, staticRegions } from './tables.ts';

type RegionRow = typeof staticRegions.$inferSelect;

export const regionNotFound = () => new BusinessError(StaticErrorCode.RegionNotFound, 'static.regionNotFound');
export const durationNotOffered = () => new BusinessError(StaticErrorCode.DurationNotOffered, 'static.durationNotOffered');

/** The place of a region as the contract shows it. */
export const placeOf = (row: Pick<RegionRow, 'countryCode' | 'countryEn' | 'countryZh' | 'cityEn' | 'cityZh'>) => ({
  countryCode: row.countryCode,
  country: { en: row.countryEn, 'zh-CN': row.countryZh },
  city: { en: row.cityEn, 'zh-CN': row.cityZh },
});

/**
 * Durations on sale for a type at a substation's prices, shortest first. Kept per site and type
 * like the catalogue (tag `prices`); orders price from the tables (durationPrice).
 */
export function listDurations(db: Db, resourceType: ResourceType, siteId: number): Promise<StaticDuration[]> {
  return cacheFor(db).cached(
    `catalogue:durations:${siteId}:${resourceType}`,
    CACHE_MAX_STALE_MS,
    async () => {
      const [rows, overrides] = await Promise.all([
        db
          .select({
            days: staticDurations.days,
            priceFen: staticDurations.priceFen,
            originalPriceFen: staticDurations.originalPriceFen,
          })
          .from(staticDurations)
          .where(eq(staticDurations.resourceType, resourceType))
          .orderBy(asc(staticDurations.days)),
        readStaticOverrides(db, siteId),
      ]);
      return deepFreeze(rows.map((row) => withPriceOverride(row, overrides.get(staticKey(resourceType, row.days)))));
    },
    { tags: ['prices'] },
  );
}

/**
 * The price per IP of a duration of a type at a substation's prices, read now from the tables;
 * DurationNotOffered when it is not on sale.
 */
export async function durationPrice(db: Db | Tx, resourceType: ResourceType, days: number, siteId: number): Promise<number> {
  const [row] = await db
    .select({ priceFen: staticDurations.priceFen, originalPriceFen: staticDurations.originalPriceFen })
    .from(staticDurations)
    .where(and(eq(staticDurations.resourceType, resourceType), eq(staticDurations.days, days)));
  if (!row) throw durationNotOffered();
  const overrides = await readStaticOverrides(db, siteId);
  return withPriceOverride(row, overrides.get(staticKey(resourceType, days))).priceFen;
}

const availableCount = sql<number>`(count(${staticNodes.id}) filter (where ${staticNodes.state} = ${NodeState.Available}))::int`;

/** Regions of a type with the IPs in stock, by country then city (optionally only those with ≥ `minAvailable`). */
export async function listRegions(db: Db, resourceType: ResourceType, minAvailable = 0): Promise<StaticRegion[]> {
  const rows = await db
    .select({ region: staticRegions, available: availableCount })
    .from(staticRegions)
    .leftJoin(staticNodes, eq(staticNodes.regionId, staticRegions.id))
    .where(eq(staticRegions.resourceType, resourceType))
    .groupBy(staticRegions.id)
    .having(minAvailable > 0 ? sql`${availableCount} >= ${minAvailable}` : undefined)
    .orderBy(asc(staticRegions.countryCode), asc(staticRegions.cityEn), asc(staticRegions.id));
  return rows.map(({ region, available }) => ({
    id: region.id,
    resourceType: region.resourceType,
    ...placeOf(region),
    available,
  }));
}

/** One region with its stock now, or null. */
export async function regionWithStock(db: Db | Tx, regionId: number): Promise<(RegionRow & { available: number }) | null> {
  const [row] = await db
    .select({ region: staticRegions, available: availableCount })
    .from(staticRegions)
    .leftJoin(staticNodes, eq(staticNodes.regionId, staticRegions.id))
    .where(eq(staticRegions.id, regionId))
    .groupBy(staticRegions.id);
  return row ? { ...row.region, available: row.available } : null;
}

/**
 * Locks up to `count` available nodes of a region for the caller's transaction, lowest id first.
 * `SKIP LOCKED`: nodes another transaction is taking right now are passed over, never waited for,
 * so concurrent allocations never block each other nor take the same node.
 */
export async function lockAvailableNodes(tx: Tx, regionId: number, count: number) {
  return tx
    .select()
    .from(staticNodes)
    .where(and(eq(staticNodes.regionId, regionId), eq(staticNodes.state, NodeState.Available)))
    .orderBy(asc(staticNodes.id))
    .limit(count)
    .for('update', { skipLocked: true });
}

/**
 * Releases held IPs (rows the caller locked) and puts their nodes back in stock, with whatever else
 * the release records (`set`: an expiry's status). Expiry and refunds release the same way.
 */
export async function releaseToStock(
  tx: Tx,
  items: ReadonlyArray<{ id: number; nodeId: number }>,
  set: Partial<typeof staticOrderItems.$inferInsert>,
): Promise<number> {
  if (items.length === 0) return 0;
  await tx
    .update(staticOrderItems)
    .set({ released: true, ...set })
    .where(
      inArray(
        staticOrderItems.id,
        items.map((i) => i.id),
      ),
    );
  await tx
    .update(staticNodes)
    .set({ state: NodeState.Available })
    .where(
      inArray(
        staticNodes.id,
        items.map((i) => i.nodeId),
      ),
    );
  return items.length;
}
