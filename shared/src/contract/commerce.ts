import { z } from 'zod';
import { OrderAccountType } from '../commerce/pricing.ts';
import { identificationStatus } from './auth.ts';
import { defineApi, page, pageQuery } from './define.ts';
import { orderRefund } from './refunds.ts';
import { contactChannel } from './system.ts';
import { bigCount, count, epochMs, exactText, id, inQuery } from './primitives.ts';

/**
 * Dynamic residential commerce (SPEC sections 3, 4, 7): catalogue, recharge orders, payment,
 * deductions, dashboard figures and the supplier. Money is integer fen, traffic integer MB, times
 * epoch milliseconds (UTC).
 */

/** Business codes of orders and payments (module 008, `1_008_NNN_NNN`). */
export const CommerceErrorCode = {
  PackageNotFound: 1_008_001_000,
  /** Custom traffic outside the allowed range (a whole number of GB within minGb..maxGb). */
  TrafficOutOfRange: 1_008_001_001,
  OrderNotFound: 1_008_002_000,
  /** The order is closed (unpaid for 30 minutes): buy again. */
  OrderClosed: 1_008_002_001,
  OrderAlreadyPaid: 1_008_002_002,
  /** The channel is not offered (not configured, or not for this kind of device). */
  ChannelUnavailable: 1_008_003_000,
  /** The payment provider refused or could not be reached; try again or use another channel. */
  PaymentFailed: 1_008_003_001,
  /** No traffic left: 'No flow, please recharge first' (SPEC section 8). */
  NoFlow: 1_008_004_000,
} as const;

/** Unpaid orders close after this long (and their payment links stop working). */
export const ORDER_PAY_MINUTES = 30;

export const RechargeOrderStatus = { Pending: 0, Success: 1, Closed: 2 } as const;
export type RechargeOrderStatus = (typeof RechargeOrderStatus)[keyof typeof RechargeOrderStatus];
export const rechargeOrderStatus = z.literal(Object.values(RechargeOrderStatus));

/** SPEC section 3: 0 unpaid, 1 paid. */
export const PayStatus = { Unpaid: 0, Paid: 1 } as const;
export type PayStatus = (typeof PayStatus)[keyof typeof PayStatus];
export const payStatus = z.literal(Object.values(PayStatus));

/** PC: alipay_pc (Alipay page) and wx_native (QR code); phones: alipay_wap and wx_h5. */
export const PAY_CHANNELS = ['alipay_pc', 'wx_native', 'alipay_wap', 'wx_h5'] as const;
export const payChannel = z.enum(PAY_CHANNELS);
export type PayChannel = z.output<typeof payChannel>;
export const PC_CHANNELS: readonly PayChannel[] = ['alipay_pc', 'wx_native'];
export const H5_CHANNELS: readonly PayChannel[] = ['alipay_wap', 'wx_h5'];
/** SPEC section 4: the pay type shown to people. */
export const payTypeOf = (channel: PayChannel): 'alipay' | 'wechat' => (channel.startsWith('alipay') ? 'alipay' : 'wechat');

/** Where an order was placed: the PC pages (/buy, /order, the user centre) or the phone flow (/h5). */
export const orderSource = z.enum(['pc', 'h5']);
export type OrderSource = z.output<typeof orderSource>;

export const orderAccountType = z.literal(Object.values(OrderAccountType));

export const packageTag = z.enum(['starter', 'popular', 'bestValue', 'enterprise']);
export type PackageTag = z.output<typeof packageTag>;

/** A traffic package (flow package / traffic combo). */
export const trafficPackage = z.object({
  id: z.number().int(),
  trafficMb: z.number().int().positive(),
  /** Bonus traffic on top, credited with the package. */
  giftTrafficMb: z.number().int().nonnegative(),
  priceFen: z.number().int().positive(),
  /** The list price before the discount (≥ priceFen). */
  originalPriceFen: z.number().int().positive(),
  validityDays: z.number().int().positive(),
  tags: z.array(packageTag),
});
export type TrafficPackage = z.output<typeof trafficPackage>;

export const priceTier = z.object({ minGb: z.number().int().positive(), unitPriceFen: z.number().int().positive() });

/** Custom traffic: volume tiers and bounds; the shared `quoteCustom` prices an amount. */
export const customTrafficRule = z.object({
  tiers: z.array(priceTier).min(1),
  minGb: z.number().int().positive(),
  maxGb: z.number().int().positive(),
  validityDays: z.number().int().positive(),
});

export const unitPriceQuery = z.object({
  /** When given, the answer also prices this amount. */
  trafficGb: inQuery.count.optional(),
});

export const unitPriceResult = customTrafficRule.extend({
  trafficGb: z.number().int().nullable(),
  /** The unit price of trafficGb (null without it, or when it is out of range). */
  unitPriceFen: z.number().int().nullable(),
  priceFen: z.number().int().nullable(),
});

export const idQuery = z.object({ id: inQuery.id });
export const idParams = z.object({ id: inQuery.id });

/** Exactly one of packageId and trafficGb. The price is the server's, from its own catalogue. */
export const rechargeOrderCreateBody = z
  .object({
    packageId: id.optional(),
    trafficGb: count.optional(),
    accountType: orderAccountType,
    source: orderSource.default('pc'),
  })
  .refine((b) => (b.packageId === undefined) !== (b.trafficGb === undefined), {
    message: 'validation.packageOrTraffic',
    path: ['packageId'],
  });
export type RechargeOrderCreateBody = z.input<typeof rechargeOrderCreateBody>;

/** One row of the order list: the 10 columns of SPEC section 3 and what the page needs besides. */
export const rechargeOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: rechargeOrderStatus,
  source: orderSource,
  giftTrafficMb: z.number().int(),
  trafficMb: z.number().int(),
  /** The price of the traffic (before the fee). */
  rechargeAmountFen: z.number().int(),
  feeFen: z.number().int(),
  /** What is (or was to be) paid: price + fee. */
  payAmountFen: z.number().int(),
  payChannel: payChannel.nullable(),
  payTime: z.number().int().nullable(),
  payStatus,
  accountType: orderAccountType,
  validityDays: z.number().int(),
  packageId: z.number().int().nullable(),
  createTime: z.number().int(),
  /** Unpaid orders close at this time. */
  payDeadline: z.number().int(),
  /** Its refunds, once there is one (decision 0058); null otherwise. */
  refund: orderRefund.nullable(),
});
export type RechargeOrder = z.output<typeof rechargeOrder>;

export const rechargeOrderPageQuery = pageQuery.extend({
  status: z.coerce.number().pipe(rechargeOrderStatus).optional(),
  /** Created at or after (epoch ms). */
  createdFrom: inQuery.epochMs.optional(),
  /** Created before (epoch ms). */
  createdTo: inQuery.epochMs.optional(),
});

export const orderStatusResult = z.object({
  id: z.number().int(),
  status: rechargeOrderStatus,
  payStatus,
  /** The caller's remaining traffic now (MB): after a payment, the new balance. */
  limitBalance: z.number().int().nonnegative(),
});

export const orderIdQuery = z.object({ orderId: inQuery.id });

/** The channels offered for an order; the sandbox flag tells the page to say payments are simulated. */
export const payInfo = z.object({
  orderId: z.number().int(),
  payAmountFen: z.number().int(),
  payDeadline: z.number().int(),
  channels: z.array(payChannel),
  sandbox: z.boolean(),
});

export const orderPayBody = z.object({ orderId: id, channel: payChannel });

/**
 * What the page does next. `redirect`: open `url` (Alipay page or wap pay, WeChat H5, or the sandbox
 * cashier). `qr`: show `qrImage` (a data: URL of the QR of `codeUrl`) and poll getStatus.
 */
export const payAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string(), paymentNo: z.string() }),
  z.object({ kind: z.literal('qr'), codeUrl: z.string(), qrImage: z.string(), paymentNo: z.string() }),
]);
export type PayAction = z.output<typeof payAction>;

/** Where a lot of traffic came from: a paid order, an operator's grant, or the balance before lots. */
export const TRAFFIC_LOT_SOURCES = ['order', 'grant', 'migrated'] as const;
export type TrafficLotSource = (typeof TRAFFIC_LOT_SOURCES)[number];

/** A lot expiring within this many days is announced on the dashboard. */
export const LOT_EXPIRY_NOTICE_DAYS = 7;

/** One credit of traffic with its own expiry; usage draws from the lot that expires first. */
export const trafficLot = z.object({
  id: z.number().int(),
  source: z.enum(TRAFFIC_LOT_SOURCES),
  /** The order that bought it (source `order`). */
  orderNo: z.string().nullable(),
  grantedMb: z.number().int().positive(),
  remainingMb: z.number().int().nonnegative(),
  creditedAt: z.number().int(),
  expiresAt: z.number().int(),
  /** Set once the expiry job took the unused remainder (`expiredMb`). */
  expiredAt: z.number().int().nullable(),
  expiredMb: z.number().int().nonnegative(),
});
export type TrafficLot = z.output<typeof trafficLot>;

/** What one lot paid of an hour's deduction. */
export const lotDraw = z.object({
  lotId: z.number().int(),
  orderNo: z.string().nullable(),
  source: z.enum(TRAFFIC_LOT_SOURCES),
  expiresAt: z.number().int(),
  mb: z.number().int().positive(),
});
export type LotDraw = z.output<typeof lotDraw>;

/** One hour (UTC) of usage of one user, and what it cost. */
export const deductHourRecord = z.object({
  id: z.number().int(),
  /** The start of the hour, epoch ms (UTC). */
  hour: z.number().int(),
  usedBytes: z.number().int().nonnegative(),
  /** Traffic deducted from the balance for this hour (MB). */
  deductedMb: z.number().int().nonnegative(),
  /** Usage the balance could not cover (MB): the proxy network is told to stop at zero. */
  uncoveredMb: z.number().int().nonnegative(),
  /** The balance after the last deduction of this hour (MB). */
  balanceAfterMb: z.number().int().nonnegative(),
  /** The lots that paid `deductedMb`, the one expiring first first. */
  draws: z.array(lotDraw),
});
export type DeductHourRecord = z.output<typeof deductHourRecord>;

export const deductRecordQuery = pageQuery.extend({
  /** Hours starting at or after (epoch ms). */
  from: inQuery.epochMs.optional(),
  /** Hours starting before (epoch ms). */
  to: inQuery.epochMs.optional(),
});

export const DASHBOARD_DAYS = 30;

export const dashboardStatistics = z.object({
  remainingMb: z.number().int().nonnegative(),
  /** Paid traffic including gifts, over all time (MB). */
  totalRechargeMb: z.number().int().nonnegative(),
  totalRechargeFen: z.number().int().nonnegative(),
  /** Deducted traffic over all time (MB). */
  totalConsumptionMb: z.number().int().nonnegative(),
  identificationStatus,
  /** The last 30 UTC days, oldest first, today included; days without usage are 0. */
  daily: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), usedMb: z.number().int().nonnegative() })),
  /** When the proxy network last reported usage (epoch ms), for anyone; null before the first report. */
  usageUpdatedAt: z.number().int().nullable(),
  /** Lots with traffic left, expiring first first, then lots that expired in the last 30 days. */
  lots: z.array(trafficLot),
});
export type DashboardStatistics = z.output<typeof dashboardStatistics>;

/** The seller (substation or agent) that users buy from and get support and invoices from. */
export const supplier = z.object({
  name: z.object({ en: z.string(), 'zh-CN': z.string() }),
  serviceHours: z.object({ en: z.string(), 'zh-CN': z.string() }),
  contacts: z.array(contactChannel),
});

/** One usage record from the proxy network; `id` is its own, so a resent batch counts once. */
export const usageRecord = z.object({
  id: exactText(64).min(1),
  userId: id,
  bytes: bigCount,
  /** When the traffic was used (epoch ms); it is billed to that UTC hour. */
  usedAt: epochMs,
  /**
   * The proxy account the request authenticated as, as in the verify call (targeting suffixes
   * allowed): its usage counts against that sub-account's cap. Absent or not one of the user's
   * accounts: the usage is the user's alone.
   */
  username: exactText(200).optional(),
  /** The target domain (host name, lower case). */
  host: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^[a-z0-9.:_-]*$/)
    .optional(),
  /** The exit country, ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .toUpperCase()
    .optional(),
  protocol: z.enum(['http', 'https', 'socks5']).optional(),
  /** Requests this record covers, and how many of them failed. */
  requests: bigCount.optional(),
  failedRequests: bigCount.optional(),
});

/** The proxy network's batch of usage records (proxyNetworkApi.usageIngest). */
export const usageBatch = z.object({ records: z.array(usageRecord).min(1).max(5000) });
export const usageBatchResult = z.object({
  /** Records applied now. */
  applied: z.number().int(),
  /** Records already applied before (same id). */
  duplicates: z.number().int(),
  /** Records for users that do not exist. */
  unknownUsers: z.number().int(),
  /** Users now at zero traffic: the network should stop serving them. */
  exhaustedUserIds: z.array(z.number().int()),
  /** Sub-accounts (account names) now at their traffic cap: the network should stop serving them. */
  cappedAccounts: z.array(z.string()),
  /** Users whose account-wide daily or monthly spend limit is now used up: stop serving all their accounts. */
  limitedUserIds: z.array(z.number().int()),
  /** Proxy accounts (account names) now at their own daily or monthly spend limit. */
  limitedAccounts: z.array(z.string()),
});

/** The header carrying PROXY_NETWORK_API_KEY on the proxy network's server-to-server calls. */
export const PROXY_NETWORK_KEY_HEADER = 'x-api-key';

/**
 * Calls of the proxy network (server to server, authenticated by PROXY_NETWORK_API_KEY in the
 * `x-api-key` header): not part of the browser's `api`.
 */
export const proxyNetworkApi = {
  usageIngest: defineApi({
    method: 'POST',
    path: '/app-api/proxy-network/usage',
    summary:
      'Usage records of the proxy network: deducts traffic per UTC hour (rounded up to whole MB), idempotent by record id; header x-api-key',
    tags: ['proxy network'],
    auth: false,
    body: usageBatch,
    data: usageBatchResult,
  }),
};

export const commerceApi = {
  trafficPackageList: defineApi({
    method: 'GET',
    path: '/app-api/ip/traffic-combo-product-price/list',
    summary: 'The traffic packages on sale (traffic, gift, price, original price, validity, tags), cheapest first',
    tags: ['catalogue'],
    auth: false,
    data: z.array(trafficPackage),
  }),
  customTrafficPrice: defineApi({
    method: 'GET',
    path: '/app-api/ip/flow-package/getUnitPrice',
    summary: 'Custom traffic: volume tiers of the price per GB, bounds, validity; prices trafficGb when given',
    tags: ['catalogue'],
    auth: false,
    query: unitPriceQuery,
    data: unitPriceResult,
  }),
  trafficPackageGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/flow-package/get',
    summary: 'One traffic package on sale',
    tags: ['catalogue'],
    auth: false,
    query: idQuery,
    data: trafficPackage,
  }),
  rechargeOrderCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/recharge-order/create',
    summary:
      'Places an unpaid order for a package or a custom amount; price, fee (6% for enterprise) and total are computed here',
    tags: ['orders'],
    auth: true,
    body: rechargeOrderCreateBody,
    data: rechargeOrder,
  }),
  rechargeOrderPage: defineApi({
    method: 'GET',
    path: '/app-api/ip/recharge-order/page',
    summary: "The caller's orders, newest first, filtered by status and creation time",
    tags: ['orders'],
    auth: true,
    query: rechargeOrderPageQuery,
    data: page(rechargeOrder),
  }),
  rechargeOrderStatus: defineApi({
    method: 'GET',
    path: '/app-api/ip/recharge-order/getStatus/{id}',
    summary: "Status of one of the caller's orders, with the caller's balance (polled while paying)",
    tags: ['orders'],
    auth: true,
    params: idParams,
    data: orderStatusResult,
  }),
  rechargeOrderInfo: defineApi({
    method: 'GET',
    path: '/app-api/order/getRechargeOrderInfo',
    summary: "One of the caller's orders",
    tags: ['orders'],
    auth: true,
    query: idQuery,
    data: rechargeOrder,
  }),
  orderPayInfo: defineApi({
    method: 'GET',
    path: '/app-api/order/getPayInfo',
    summary: 'The channels offered to pay an order, its amount and deadline',
    tags: ['payments'],
    auth: true,
    query: orderIdQuery,
    data: payInfo,
  }),
  orderPay: defineApi({
    method: 'POST',
    path: '/app-api/order/pay',
    summary: 'Starts paying an order through a channel: a page to open, or a QR code to show',
    tags: ['payments'],
    auth: true,
    body: orderPayBody,
    data: payAction,
  }),
  deductRecordList: defineApi({
    method: 'GET',
    path: '/app-api/ip/deduct-hour-record/list',
    summary: "The caller's hourly deduction records (UTC hours), newest first",
    tags: ['usage'],
    auth: true,
    query: deductRecordQuery,
    data: page(deductHourRecord),
  }),
  dashboardStatistics: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-user/statistics',
    summary: "The caller's dashboard: remaining traffic, totals, certification and daily usage of 30 UTC days",
    tags: ['usage'],
    auth: true,
    data: dashboardStatistics,
  }),
  supplierGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/supplier/get',
    summary: 'The seller users buy from: name, service hours and contact channels (from the substation)',
    tags: ['catalogue'],
    auth: false,
    data: supplier,
  }),
};
