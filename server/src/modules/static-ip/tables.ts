import type {
  PayChannel,
  PayStatus,
  ResourceType,
  StaticIpStatus,
  StaticOrderStatus,
  StaticOrderType,
  STATIC_PROTOCOLS,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';
import { siteSettings } from '../system/tables.ts';

export type StaticProtocol = (typeof STATIC_PROTOCOLS)[number];

/** An inventory node is free to be sold (0) or held by exactly one order item (1). */
export const NodeState = { Available: 0, Allocated: 1 } as const;
export type NodeState = (typeof NodeState)[keyof typeof NodeState];

const RESOURCE_TYPE_CHECK = (column: unknown) => sql`${column} in (1, 2, 3, 12)`;

/** A duration on sale for a resource type, priced per IP (fen). Seeded; one row per type and length. */
export const staticDurations = pgTable(
  'static_durations',
  {
    id: serial('id').primaryKey(),
    resourceType: smallint('resource_type').$type<ResourceType>().notNull(),
    days: integer('days').notNull(),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen').notNull(),
  },
  (t) => [
    uniqueIndex('static_durations_type_days').on(t.resourceType, t.days),
    check('static_durations_resource_type', RESOURCE_TYPE_CHECK(t.resourceType)),
    check('static_durations_positive', sql`${t.days} > 0 and ${t.priceFen} > 0`),
    check('static_durations_original_price', sql`${t.originalPriceFen} >= ${t.priceFen}`),
  ],
);

/**
 * A substation's own price per IP of a static duration (decision 0027); without a row the duration
 * sells at its own price there. Goes with the duration if that is ever taken off sale.
 */
export const siteStaticPrices = pgTable(
  'site_static_prices',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => siteSettings.id, { onDelete: 'cascade' }),
    resourceType: smallint('resource_type').$type<ResourceType>().notNull(),
    days: integer('days').notNull(),
    priceFen: integer('price_fen').notNull(),
    originalPriceFen: integer('original_price_fen'),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.resourceType, t.days] }),
    foreignKey({
      name: 'site_static_prices_duration',
      columns: [t.resourceType, t.days],
      foreignColumns: [staticDurations.resourceType, staticDurations.days],
    }).onDelete('cascade'),
    check('site_static_prices_positive', sql`${t.priceFen} > 0`),
    check('site_static_prices_original', sql`${t.originalPriceFen} is null or ${t.originalPriceFen} >= ${t.priceFen}`),
  ],
);

/** A country and city where IPs of one resource type are sold; names in both languages. */
export const staticRegions = pgTable(
  'static_regions',
  {
    id: serial('id').primaryKey(),
    resourceType: smallint('resource_type').$type<ResourceType>().notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: text('country_code').notNull(),
    countryEn: text('country_en').notNull(),
    countryZh: text('country_zh').notNull(),
    cityEn: text('city_en').notNull(),
    cityZh: text('city_zh').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('static_regions_type_place').on(t.resourceType, t.countryCode, t.cityEn),
    check('static_regions_resource_type', RESOURCE_TYPE_CHECK(t.resourceType)),
    check('static_regions_country_code', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('static_regions_names', sql`${t.countryEn} <> '' and ${t.countryZh} <> '' and ${t.cityEn} <> '' and ${t.cityZh} <> ''`),
  ],
);

/**
 * One IP of the inventory: where the user connects (host:port), the address the world sees (out IP)
 * and the protocols it speaks. Allocated nodes are held by one order item (the partial unique index
 * on static_order_items.node_id); a node given back is simply available again.
 */
export const staticNodes = pgTable(
  'static_nodes',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => staticRegions.id),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    outIp: text('out_ip').notNull(),
    protocols: text('protocols').array().$type<StaticProtocol[]>().notNull(),
    state: smallint('state').$type<NodeState>().notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('static_nodes_host_port').on(t.host, t.port),
    // Stock per region and allocation scan only available nodes.
    index('static_nodes_region_available').on(t.regionId, t.id).where(sql`${t.state} = 0`),
    index('static_nodes_region').on(t.regionId),
    check('static_nodes_state', sql`${t.state} in (0, 1)`),
    check('static_nodes_port', sql`${t.port} between 1 and 65535`),
    check(
      'static_nodes_protocols',
      sql`cardinality(${t.protocols}) > 0 and ${t.protocols} <@ array['http', 'https', 'socks5']::text[]`,
    ),
  ],
);

/**
 * A static IP order: a purchase of `count` new IPs in a region, or a renewal of IPs one holds
 * (static_renewal_lines). Figures are the server's, fixed when the order is placed.
 */
export const staticOrders = pgTable(
  'static_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    orderType: smallint('order_type').$type<StaticOrderType>().notNull(),
    status: smallint('status').$type<StaticOrderStatus>().notNull().default(0),
    payStatus: smallint('pay_status').$type<PayStatus>().notNull().default(0),
    resourceType: smallint('resource_type').$type<ResourceType>().notNull(),
    /** The region bought (purchases); null for renewals. */
    regionId: integer('region_id').references(() => staticRegions.id),
    count: integer('count').notNull(),
    durationDays: integer('duration_days').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** The substation whose prices the order was placed at: the buyer's (decision 0027). */
    siteId: integer('site_id')
      .notNull()
      .references(() => siteSettings.id),
    payChannel: text('pay_channel').$type<PayChannel>(),
    payTime: timestamp('pay_time', { withTimezone: true }),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    /** The IPs' expiry after this order, once paid and fulfilled. */
    expireTime: timestamp('expire_time', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('static_orders_user_created').on(t.userId, t.createdAt),
    index('static_orders_open_deadline').on(t.payDeadline).where(sql`${t.status} = 0`),
    check('static_orders_order_type', sql`${t.orderType} in (1, 2)`),
    check('static_orders_status', sql`${t.status} in (0, 1, 2, 3)`),
    check('static_orders_pay_status', sql`${t.payStatus} in (0, 1)`),
    check('static_orders_resource_type', RESOURCE_TYPE_CHECK(t.resourceType)),
    check('static_orders_region', sql`(${t.orderType} = 1) = (${t.regionId} is not null)`),
    check(
      'static_orders_amounts',
      sql`${t.count} between 1 and 100 and ${t.durationDays} > 0 and ${t.unitPriceFen} > 0 and ${t.amountFen} = ${t.unitPriceFen} * ${t.count}`,
    ),
    check('static_orders_paid', sql`(${t.payStatus} = 1) = (${t.payTime} is not null)`),
    // Success and Refunding are paid; Pending and Closed are not.
    check('static_orders_paid_status', sql`(${t.status} in (1, 3)) = (${t.payStatus} = 1)`),
    check('static_orders_remark', sql`char_length(${t.remark}) <= 200`),
  ],
);

/**
 * An IP allocated to a user by a purchase order: the node it runs on (changed by an exchange), its
 * own proxy credentials and its expiry (moved by renewals). Released once expired past the grace
 * period: the node goes back to stock and the row stays as history.
 */
export const staticOrderItems = pgTable(
  'static_order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => staticOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => staticNodes.id),
    account: text('account').notNull(),
    password: text('password').notNull(),
    purchaseTime: timestamp('purchase_time', { withTimezone: true }).notNull(),
    expireTime: timestamp('expire_time', { withTimezone: true }).notNull(),
    status: smallint('status').$type<StaticIpStatus>().notNull().default(1),
    released: boolean('released').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    // One current holder per node: the database refuses a second, whatever the code does.
    uniqueIndex('static_order_items_node_held').on(t.nodeId).where(sql`not ${t.released}`),
    index('static_order_items_user_expire').on(t.userId, t.expireTime),
    index('static_order_items_order').on(t.orderId),
    // The expiry and release jobs scan only held IPs.
    index('static_order_items_held_expire').on(t.expireTime).where(sql`not ${t.released}`),
    check('static_order_items_status', sql`${t.status} in (1, 2)`),
    check('static_order_items_released', sql`${t.released} = (${t.releasedAt} is not null)`),
    check('static_order_items_times', sql`${t.expireTime} > ${t.purchaseTime}`),
  ],
);

/** Which IPs a renewal order renews, and (once paid) the expiry it gave each. */
export const staticRenewalLines = pgTable(
  'static_renewal_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => staticOrders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => staticOrderItems.id, { onDelete: 'cascade' }),
    newExpireTime: timestamp('new_expire_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.itemId] }), index('static_renewal_lines_item').on(t.itemId)],
);

/** Every exchange of an IP for another node: support can tell which address a user had when. */
export const staticExchanges = pgTable(
  'static_exchanges',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => staticOrderItems.id, { onDelete: 'cascade' }),
    oldNodeId: integer('old_node_id')
      .notNull()
      .references(() => staticNodes.id),
    newNodeId: integer('new_node_id')
      .notNull()
      .references(() => staticNodes.id),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('static_exchanges_item').on(t.itemId)],
);
