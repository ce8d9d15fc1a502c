import { z } from 'zod';
import { idParams, idQuery, orderIdQuery, payAction, payChannel, payInfo, payStatus } from './commerce.ts';
import { defineApi, page, pageQuery } from './define.ts';
import { count, id, INT4_MAX, inQuery, text } from './primitives.ts';
import { orderRefund } from './refunds.ts';

/**
 * Static IPs (SPEC sections 3, 4, 7): four resource types sold per IP and duration, allocated from
 * inventory on payment, renewed, exchanged and expired. Codes keep the spec's numbers.
 */

/** Resource (ISP) type: 1 data centre, 2 static ISP, 3 native, 12 domestic China static ISP. */
export const ResourceType = { DataCenter: 1, StaticIsp: 2, Native: 3, ChinaIsp: 12 } as const;
export type ResourceType = (typeof ResourceType)[keyof typeof ResourceType];
export const resourceType = z.literal(Object.values(ResourceType));
export const RESOURCE_TYPES: readonly ResourceType[] = [1, 2, 3, 12];

/** Static IP status: 1 normal, 2 expired. */
export const StaticIpStatus = { Normal: 1, Expired: 2 } as const;
export type StaticIpStatus = (typeof StaticIpStatus)[keyof typeof StaticIpStatus];
export const staticIpStatus = z.literal(Object.values(StaticIpStatus));

/** 1 a purchase of new IPs, 2 a renewal of IPs one has. */
export const StaticOrderType = { Purchase: 1, Renewal: 2 } as const;
export type StaticOrderType = (typeof StaticOrderType)[keyof typeof StaticOrderType];
export const staticOrderType = z.literal(Object.values(StaticOrderType));

/**
 * 0 Pending (unpaid), 1 Success (paid: IPs allocated, or renewed), 2 Closed (unpaid for 30 minutes),
 * 3 Refunding (paid, but the region ran out of stock before allocation: the money goes back).
 */
export const StaticOrderStatus = { Pending: 0, Success: 1, Closed: 2, Refunding: 3 } as const;
export type StaticOrderStatus = (typeof StaticOrderStatus)[keyof typeof StaticOrderStatus];
export const staticOrderStatus = z.literal(Object.values(StaticOrderStatus));

/** Business codes of static IPs (module 009, `1_009_NNN_NNN`). */
export const StaticErrorCode = {
  RegionNotFound: 1_009_001_000,
  /** Fewer IPs in stock in the region than asked for. */
  OutOfStock: 1_009_001_001,
  DurationNotOffered: 1_009_001_002,
  IpNotFound: 1_009_002_000,
  /** 'Renewal failed': the IPs cannot be renewed (e.g. expired past the grace period, returned to stock). */
  RenewalFailed: 1_009_002_001,
  /** 'No replaceable region'. */
  NoReplaceableRegion: 1_009_003_000,
  /** The IP is expired and cannot be exchanged. */
  ExchangeNotAllowed: 1_009_003_001,
} as const;

/** Most IPs one order may buy; renewal and exchange take at most this many IPs at once. */
export const STATIC_MAX_COUNT = 100;
/** Expired IPs stay with their owner (renewable) this long, then go back to stock. */
export const STATIC_GRACE_DAYS = 3;
export const STATIC_PROTOCOLS = ['http', 'https', 'socks5'] as const;

const bilingual = z.object({ en: z.string(), 'zh-CN': z.string() });

/** A duration on sale for a resource type, priced per IP. */
export const staticDuration = z.object({
  days: z.number().int().positive(),
  priceFen: z.number().int().positive(),
  /** The list price before the discount (≥ priceFen). */
  originalPriceFen: z.number().int().positive(),
});
export type StaticDuration = z.output<typeof staticDuration>;

/** A region (country and city) of a resource type with how many IPs are in stock. */
export const staticRegion = z.object({
  id: z.number().int(),
  resourceType,
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  country: bilingual,
  city: bilingual,
  available: z.number().int().nonnegative(),
});
export type StaticRegion = z.output<typeof staticRegion>;

/** Every duration and region call takes the type (the spec has one pair of calls per family). */
export const resourceTypeQuery = z.object({ resourceType: z.coerce.number().pipe(resourceType) });
const ispTypeQuery = z.object({ resourceType: z.coerce.number().pipe(z.literal([1, 2])) });

/** Shown on one line in the order list and the exports: one line of text, no control characters. */
const remark = text(200, 'validation.remark');
const ipCount = z.number().int().min(1, 'validation.staticCount').max(STATIC_MAX_COUNT, 'validation.staticCount');

export const staticOrderCreateBody = z.object({
  resourceType: z.literal([1, 2]),
  regionId: id,
  count: ipCount,
  durationDays: count,
  remark: remark.optional(),
});
/** createCN (type 12) and createNative (type 3): the type is the call's. */
export const staticOrderCreateTypedBody = staticOrderCreateBody.omit({ resourceType: true });
export type StaticOrderCreateBody = z.input<typeof staticOrderCreateBody>;

/** One row of the static order list: the 12 columns of SPEC section 3 and what the page needs besides. */
export const staticOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  orderType: staticOrderType,
  status: staticOrderStatus,
  amountFen: z.number().int(),
  count: z.number().int(),
  durationDays: z.number().int(),
  resourceType,
  /** The region bought (purchases) or null (renewals span the IPs' own regions). */
  region: z.object({ countryCode: z.string(), country: bilingual, city: bilingual }).nullable(),
  payStatus,
  payChannel: payChannel.nullable(),
  payTime: z.number().int().nullable(),
  createTime: z.number().int(),
  /** The IPs' expiry after this order (purchases: once allocated; renewals: the new expiry, latest of them). */
  expireTime: z.number().int().nullable(),
  remark: z.string(),
  payDeadline: z.number().int(),
  /** Its refunds, once there is one (decision 0058); null otherwise. */
  refund: orderRefund.nullable(),
});
export type StaticOrder = z.output<typeof staticOrder>;

export const staticOrderPageQuery = pageQuery.extend({
  resourceType: z.coerce.number().pipe(resourceType).optional(),
  payStatus: z.coerce.number().pipe(payStatus).optional(),
  orderType: z.coerce.number().pipe(staticOrderType).optional(),
  createdFrom: inQuery.epochMs.optional(),
  createdTo: inQuery.epochMs.optional(),
});

/** One allocated IP: the 12 columns of SPEC section 3 and what the page needs besides. */
export const staticIp = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** The remark of the order that bought the IP (set in the static orders list), shown beside the IP. */
  remark: z.string(),
  host: z.string(),
  port: z.number().int(),
  account: z.string(),
  password: z.string(),
  outIp: z.string(),
  resourceType,
  region: z.object({ countryCode: z.string(), country: bilingual, city: bilingual }),
  protocols: z.array(z.enum(STATIC_PROTOCOLS)),
  /** Milliseconds left until expireTime at the time of the answer (0 once expired); the page counts down. */
  remainingMs: z.number().int().nonnegative(),
  purchaseTime: z.number().int(),
  expireTime: z.number().int(),
  status: staticIpStatus,
  /** Expired IPs go back to stock at this time (and can no longer be renewed). */
  releaseTime: z.number().int(),
});
export type StaticIp = z.output<typeof staticIp>;

export const staticIpPageQuery = pageQuery.extend({
  resourceType: z.coerce.number().pipe(resourceType).optional(),
  status: z.coerce.number().pipe(staticIpStatus).optional(),
  /** Part of the host, the out IP or the order number. */
  keyword: text(64).optional(),
  /** Only IPs expiring before the end of today (UTC+8 business day is not assumed: the client sends the bound). */
  expireBefore: inQuery.epochMs.optional(),
});

export const staticOrderStatusResult = z.object({
  id: z.number().int(),
  status: staticOrderStatus,
  payStatus,
  /** IPs allocated by this order (purchases) or renewed (renewals). */
  ipCount: z.number().int(),
});

export const staticPayBody = z.object({ orderId: id, channel: payChannel });

/** Renew every IP of a purchase order that the caller still holds. */
export const renewalCreateBody = z.object({ orderId: id, durationDays: count });
/** Renew chosen IPs (all of one resource type). */
export const renewalIpsBody = z.object({
  itemIds: z.array(id).min(1).max(STATIC_MAX_COUNT),
  durationDays: count,
});

export const exchangeNodeQuery = z.object({
  /** One or more IP ids, comma-separated: the regions that can take all of them. */
  itemIds: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(id).max(STATIC_MAX_COUNT)),
});

export const shareExchangeBody = z.object({
  itemIds: z.array(id).min(1).max(STATIC_MAX_COUNT),
  /** Missing: 'Please select region'. */
  regionId: z
    .number({ error: 'validation.selectRegion' })
    .int()
    .positive('validation.selectRegion')
    .max(INT4_MAX, 'validation.selectRegion'),
});

/** `POST …/static-order/updateRemark?id=1&remark=…` (a serialized query string, as the spec says). */
export const updateRemarkQuery = z.object({
  id: inQuery.id,
  remark,
});

export const staticIpApi = {
  staticIspDuration: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-isp/duration',
    summary: 'Durations and prices per IP of static data centre (1) or static ISP (2) IPs',
    tags: ['static'],
    auth: false,
    query: ispTypeQuery,
    data: z.array(staticDuration),
  }),
  staticIspNode: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-isp/node',
    summary: 'Regions of static data centre (1) or static ISP (2) IPs with the IPs in stock',
    tags: ['static'],
    auth: false,
    query: ispTypeQuery,
    data: z.array(staticRegion),
  }),
  staticCnDuration: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-isp-cn/duration',
    summary: 'Durations and prices per IP of domestic China static ISP IPs (12)',
    tags: ['static'],
    auth: false,
    data: z.array(staticDuration),
  }),
  staticCnNode: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-isp-cn/node',
    summary: 'Regions of domestic China static ISP IPs (12) with the IPs in stock',
    tags: ['static'],
    auth: false,
    data: z.array(staticRegion),
  }),
  staticNativeDuration: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-native/duration',
    summary: 'Durations and prices per IP of native residential IPs (3)',
    tags: ['static'],
    auth: false,
    data: z.array(staticDuration),
  }),
  staticNativeNode: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-native/node',
    summary: 'Regions of native residential IPs (3) with the IPs in stock',
    tags: ['static'],
    auth: false,
    data: z.array(staticRegion),
  }),
  staticOrderCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order/create',
    summary: 'Places an unpaid order for static data centre (1) or static ISP (2) IPs; priced on the server',
    tags: ['static'],
    auth: true,
    body: staticOrderCreateBody,
    data: staticOrder,
  }),
  staticOrderCreateCn: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order/createCN',
    summary: 'Places an unpaid order for domestic China static ISP IPs (12)',
    tags: ['static'],
    auth: true,
    body: staticOrderCreateTypedBody,
    data: staticOrder,
  }),
  staticOrderCreateNative: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order/createNative',
    summary: 'Places an unpaid order for native residential IPs (3)',
    tags: ['static'],
    auth: true,
    body: staticOrderCreateTypedBody,
    data: staticOrder,
  }),
  staticPay: defineApi({
    method: 'POST',
    path: '/app-api/order/staticPay',
    summary: 'Starts paying a static order (purchase or renewal) through a channel',
    tags: ['static', 'payments'],
    auth: true,
    body: staticPayBody,
    data: payAction,
  }),
  staticPayInfo: defineApi({
    method: 'GET',
    path: '/app-api/order/getStaticPayInfo',
    summary: 'The channels offered to pay a static order, its amount and deadline',
    tags: ['static', 'payments'],
    auth: true,
    query: orderIdQuery,
    data: payInfo,
  }),
  staticOrderStatus: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-order/getStatus/{id}',
    summary: "Status of one of the caller's static orders (polled while paying)",
    tags: ['static'],
    auth: true,
    params: idParams,
    data: staticOrderStatusResult,
  }),
  staticOrderInfo: defineApi({
    method: 'GET',
    path: '/app-api/order/getStaticOrderInfo',
    summary: "One of the caller's static orders",
    tags: ['static'],
    auth: true,
    query: idQuery,
    data: staticOrder,
  }),
  staticOrderPage: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-order/page',
    summary: "The caller's static orders, newest first",
    tags: ['static'],
    auth: true,
    query: staticOrderPageQuery,
    data: page(staticOrder),
  }),
  staticIpPage: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-order-item/page',
    summary: "The caller's static IPs with credentials, soonest expiry first",
    tags: ['static'],
    auth: true,
    query: staticIpPageQuery,
    data: page(staticIp),
  }),
  renewalCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order-renewal/create',
    summary: 'Places an unpaid renewal of every IP of a purchase order the caller still holds',
    tags: ['static'],
    auth: true,
    body: renewalCreateBody,
    data: staticOrder,
  }),
  renewalIps: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order-renewal/ips',
    summary: 'Places an unpaid renewal of chosen IPs (one resource type)',
    tags: ['static'],
    auth: true,
    body: renewalIpsBody,
    data: staticOrder,
  }),
  exchangeNode: defineApi({
    method: 'GET',
    path: '/app-api/ip/static-order-item-exchange/getExchangeNode',
    summary: 'Regions (of the same resource type, with stock) the chosen IPs can be exchanged into; empty: none',
    tags: ['static'],
    auth: true,
    query: exchangeNodeQuery,
    data: z.array(staticRegion),
  }),
  shareExchange: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order-item-exchange/shareExchange',
    summary: 'Exchanges the chosen IPs for fresh ones in a region; the old ones go back to stock; expiry kept',
    tags: ['static'],
    auth: true,
    body: shareExchangeBody,
    data: z.array(staticIp),
  }),
  updateRemark: defineApi({
    method: 'POST',
    path: '/app-api/ip/static-order/updateRemark',
    summary: "Sets the remark of one of the caller's static orders (query string: id, remark)",
    tags: ['static'],
    auth: true,
    query: updateRemarkQuery,
    data: z.boolean(),
  }),
};
