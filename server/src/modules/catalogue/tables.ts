import type { PackageTag, PriceTier } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp } from 'drizzle-orm/pg-core';
import { siteSettings } from '../system/tables.ts';

/** A traffic package on sale (SPEC: flow package / traffic combo price). Prices in fen, traffic in MB. */
// The table keeps the name it was created with (`flow_packages`); in code it is what the contract
// and the pages call it, a traffic package (docs/glossary.md).
export const trafficPackages = pgTable(
  'flow_packages',
  {
    id: serial('id').primaryKey(),
    trafficMb: integer('traffic_mb').notNull(),
    giftTrafficMb: integer('gift_traffic_mb').notNull().default(0),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen').notNull(),
    validityDays: integer('validity_days').notNull(),
    tags: jsonb('tags').$type<PackageTag[]>().notNull().default([]),
    /** Off sale: hidden from the catalogue and refused for new orders; old orders keep their figures. */
    onSale: boolean('on_sale').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('flow_packages_positive', sql`${t.trafficMb} > 0 and ${t.priceFen} > 0 and ${t.validityDays} > 0`),
    check('flow_packages_gift', sql`${t.giftTrafficMb} >= 0`),
    check('flow_packages_original_price', sql`${t.originalPriceFen} >= ${t.priceFen}`),
  ],
);

/** The one rule of custom traffic amounts (a single row, id 1): volume tiers, bounds and validity. */
export const customTrafficRules = pgTable(
  'custom_traffic_rules',
  {
    id: smallint('id').primaryKey().default(1),
    tiers: jsonb('tiers').$type<PriceTier[]>().notNull(),
    minGb: integer('min_gb').notNull(),
    maxGb: integer('max_gb').notNull(),
    validityDays: integer('validity_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('custom_traffic_rules_single', sql`${t.id} = 1`),
    check('custom_traffic_rules_bounds', sql`${t.minGb} > 0 and ${t.maxGb} >= ${t.minGb} and ${t.validityDays} > 0`),
  ],
);

/**
 * A substation's own price of a package (decision 0027); without a row the package sells at its
 * own price there. `originalPriceFen` null: the package's, raised to the price if below it.
 */
export const sitePackagePrices = pgTable(
  'site_package_prices',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => siteSettings.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => trafficPackages.id, { onDelete: 'cascade' }),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen'),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.packageId] }),
    check('site_package_prices_positive', sql`${t.priceFen} > 0`),
    check('site_package_prices_original', sql`${t.originalPriceFen} is null or ${t.originalPriceFen} >= ${t.priceFen}`),
  ],
);

/**
 * A substation's own price per GB of a custom-traffic tier, keyed by the tier's lower bound in the
 * default table: bounds, limits and validity stay those of the one rule. An override whose bound
 * is no longer in the default table does not apply.
 */
export const siteTierPrices = pgTable(
  'site_tier_prices',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => siteSettings.id, { onDelete: 'cascade' }),
    minGb: integer('min_gb').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.minGb] }),
    check('site_tier_prices_positive', sql`${t.minGb} > 0 and ${t.unitPriceFen} > 0`),
  ],
);
