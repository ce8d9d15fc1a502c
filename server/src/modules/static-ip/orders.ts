import {
  CommerceErrorCode,
  ORDER_PAY_MINUTES,
  PayStatus,
  type ResourceType,
  STATIC_GRACE_DAYS,
  StaticErrorCode,
  type OrderRefund,
  type StaticOrder,
  StaticOrderStatus,
  StaticOrderType,
  canPay,
  effectiveStatus,
} from '@portal/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation, makeNumber } from '../../db/numbers.ts';
import { refundSummaries } from '../payments/refund-summary.ts';
import type { MessageKey, MessageParams } from '../../i18n/index.ts';
import { BusinessError } from '../../plugins/errors.ts';
import type { PayableOrder } from '../payments/order-kinds.ts';
import { orderSiteId } from '../accounts/member-site.ts';
import { durationPrice, placeOf, regionNotFound, regionWithStock } from './stock.ts';
import { staticNodes, staticOrderItems, staticOrders, staticRegions, staticRenewalLines } from './tables.ts';

type OrderRow = typeof staticOrders.$inferSelect;
type RegionRow = typeof staticRegions.$inferSelect;

export const DAY_MS = 86_400_000;
export const GRACE_MS = STATIC_GRACE_DAYS * DAY_MS;

export const orderNotFound = () => new BusinessError(CommerceErrorCode.OrderNotFound, 'commerce.orderNotFound');
export const ipNotFound = () => new BusinessError(StaticErrorCode.IpNotFound, 'static.ipNotFound');
export const renewalFailed = () => new BusinessError(StaticErrorCode.RenewalFailed, 'static.renewalFailed');

export function toStaticOrder(
  row: OrderRow,
  region: RegionRow | null,
  now: Date,
  refund: OrderRefund | null = null,
): StaticOrder {
  return {
    id: row.id,
    orderNo: row.orderNo,
    orderType: row.orderType,
    status: effectiveStatus(row, now),
    amountFen: row.amountFen,
    count: row.count,
    durationDays: row.durationDays,
    resourceType: row.resourceType,
    region: region ? placeOf(region) : null,
    payStatus: row.payStatus,
    payChannel: row.payChannel,
    payTime: row.payTime?.getTime() ?? null,
    createTime: row.createdAt.getTime(),
    expireTime: row.expireTime?.getTime() ?? null,
    remark: row.remark,
    payDeadline: row.payDeadline.getTime(),
    refund,
  };
}

/** Inserts an unpaid order (and, for renewals, its lines) under a fresh `S…` number. */
async function insertOrder(
  db: Db,
  now: Date,
  values: Omit<typeof staticOrders.$inferInsert, 'orderNo' | 'createdAt' | 'payDeadline' | 'userId' | 'siteId'> & {
    userId: number;
    siteId: number;
  },
  itemIds: number[] = [],
): Promise<OrderRow> {
  const payDeadline = new Date(now.getTime() + ORDER_PAY_MINUTES * 60_000);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(staticOrders)
          .values({ ...values, orderNo: makeNumber('S', now), payDeadline, createdAt: now })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        if (itemIds.length > 0)
          await tx.insert(staticRenewalLines).values(itemIds.map((itemId) => ({ orderId: row.id, itemId })));
        return row;
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

export interface PurchaseInput {
  userId: number;
  resourceType: ResourceType;
  regionId: number;
  count: number;
  durationDays: number;
  remark?: string | undefined;
}

/**
 * Places an unpaid purchase priced by the server (price per IP of the duration × count). The stock
 * check here is only a courtesy: IPs are taken when the payment arrives (fulfilment.ts).
 */
export async function createPurchase(db: Db, now: Date, input: PurchaseInput): Promise<StaticOrder> {
  const region = await regionWithStock(db, input.regionId);
  if (!region || region.resourceType !== input.resourceType) throw regionNotFound();
  // Priced at the buyer's substation, whichever host they buy through (decision 0027).
  const siteId = await orderSiteId(db, input.userId);
  const unitPriceFen = await durationPrice(db, input.resourceType, input.durationDays, siteId);
  if (region.available < input.count) {
    throw new BusinessError(StaticErrorCode.OutOfStock, 'static.outOfStock', { available: region.available });
  }
  const row = await insertOrder(db, now, {
    userId: input.userId,
    siteId,
    orderType: StaticOrderType.Purchase,
    resourceType: input.resourceType,
    regionId: region.id,
    count: input.count,
    durationDays: input.durationDays,
    unitPriceFen,
    amountFen: unitPriceFen * input.count,
    remark: input.remark ?? '',
  });
  return toStaticOrder(row, region, now);
}

/** An IP still held: not released, and not past its grace period (the job may not have run yet). */
export const isHeld = (item: { released: boolean; expireTime: Date }, at: Date) =>
  !item.released && item.expireTime.getTime() + GRACE_MS > at.getTime();

/** Items with the resource type of the region their node is in. */
export async function itemsWithType(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ item: staticOrderItems, resourceType: staticRegions.resourceType })
    .from(staticOrderItems)
    .innerJoin(staticNodes, eq(staticNodes.id, staticOrderItems.nodeId))
    .innerJoin(staticRegions, eq(staticRegions.id, staticNodes.regionId))
    .where(where)
    .orderBy(asc(staticOrderItems.id));
}

/** The one resource type of some items, or a business error of `code` when they mix types. */
export function oneType(items: { resourceType: ResourceType }[], code: number): ResourceType {
  const types = new Set(items.map((i) => i.resourceType));
  const [type] = types;
  if (types.size !== 1 || type === undefined) throw new BusinessError(code, 'static.oneType');
  return type;
}

async function createRenewal(db: Db, now: Date, userId: number, itemIds: number[], durationDays: number) {
  const items = await itemsWithType(db, and(inArray(staticOrderItems.id, itemIds), eq(staticOrderItems.userId, userId)));
  if (items.length !== itemIds.length) throw ipNotFound();
  if (items.some(({ item }) => !isHeld(item, now))) throw renewalFailed();
  const resourceType = oneType(items, StaticErrorCode.RenewalFailed);
  const siteId = await orderSiteId(db, userId);
  const unitPriceFen = await durationPrice(db, resourceType, durationDays, siteId);
  const row = await insertOrder(
    db,
    now,
    {
      userId,
      siteId,
      orderType: StaticOrderType.Renewal,
      resourceType,
      regionId: null,
      count: items.length,
      durationDays,
      unitPriceFen,
      amountFen: unitPriceFen * items.length,
    },
    items.map(({ item }) => item.id),
  );
  return toStaticOrder(row, null, now);
}

/** Renewal of chosen IPs: all the caller's, still held, of one type. */
export function createRenewalOfIps(db: Db, now: Date, userId: number, itemIds: number[], durationDays: number) {
  return createRenewal(db, now, userId, [...new Set(itemIds)], durationDays);
}

/** Renewal of every IP of one of the caller's purchase orders that the caller still holds. */
export async function createRenewalOfOrder(db: Db, now: Date, userId: number, orderId: number, durationDays: number) {
  const order = await getOwnOrder(db, userId, orderId);
  const items = await db
    .select()
    .from(staticOrderItems)
    .where(and(eq(staticOrderItems.orderId, order.id), eq(staticOrderItems.userId, userId)));
  if (items.length === 0) throw ipNotFound();
  const held = items.filter((item) => isHeld(item, now));
  if (held.length === 0) throw renewalFailed();
  return createRenewal(
    db,
    now,
    userId,
    held.map((item) => item.id),
    durationDays,
  );
}

/** One of the user's own orders; another user's order is "not found", never "forbidden". */
export async function getOwnOrder(db: Db, userId: number, id: number): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(staticOrders)
    .where(and(eq(staticOrders.id, id), eq(staticOrders.userId, userId)));
  if (!row) throw orderNotFound();
  return row;
}

async function regionOf(db: Db, row: OrderRow): Promise<RegionRow | null> {
  if (row.regionId === null) return null;
  const [region] = await db.select().from(staticRegions).where(eq(staticRegions.id, row.regionId));
  return region ?? null;
}

export async function staticOrderInfo(db: Db, now: Date, userId: number, id: number): Promise<StaticOrder> {
  const row = await getOwnOrder(db, userId, id);
  const refund = (await refundSummaries(db, 'static', [row.id])).get(row.id) ?? null;
  return toStaticOrder(row, await regionOf(db, row), now, refund);
}

export async function staticOrderStatus(db: Db, now: Date, userId: number, id: number) {
  const row = await getOwnOrder(db, userId, id);
  let ipCount = 0;
  if (row.orderType === StaticOrderType.Purchase) {
    const [r] = await db.select({ n: count() }).from(staticOrderItems).where(eq(staticOrderItems.orderId, row.id));
    ipCount = r?.n ?? 0;
  } else if (row.status === StaticOrderStatus.Success) {
    const [r] = await db.select({ n: count() }).from(staticRenewalLines).where(eq(staticRenewalLines.orderId, row.id));
    ipCount = r?.n ?? 0;
  }
  return { id: row.id, status: effectiveStatus(row, now), payStatus: row.payStatus, ipCount };
}

export interface StaticOrderPageQuery {
  pageNo: number;
  pageSize: number;
  resourceType?: ResourceType | undefined;
  payStatus?: PayStatus | undefined;
  orderType?: StaticOrderType | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

export async function staticOrderPage(db: Db, now: Date, userId: number, q: StaticOrderPageQuery) {
  const where: SQL[] = [eq(staticOrders.userId, userId)];
  if (q.resourceType !== undefined) where.push(eq(staticOrders.resourceType, q.resourceType));
  if (q.payStatus !== undefined) where.push(eq(staticOrders.payStatus, q.payStatus));
  if (q.orderType !== undefined) where.push(eq(staticOrders.orderType, q.orderType));
  if (q.createdFrom !== undefined) where.push(gte(staticOrders.createdAt, new Date(q.createdFrom)));
  if (q.createdTo !== undefined) where.push(lt(staticOrders.createdAt, new Date(q.createdTo)));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: staticOrders, region: staticRegions })
      .from(staticOrders)
      .leftJoin(staticRegions, eq(staticRegions.id, staticOrders.regionId))
      .where(condition)
      .orderBy(desc(staticOrders.createdAt), desc(staticOrders.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ total: count() }).from(staticOrders).where(condition),
  ]);
  const refunded = await refundSummaries(
    db,
    'static',
    rows.filter(({ order }) => order.payStatus === PayStatus.Paid).map(({ order }) => order.id),
  );
  return {
    list: rows.map(({ order, region }) => toStaticOrder(order, region, now, refunded.get(order.id) ?? null)),
    total: total?.total ?? 0,
  };
}

/** Sets the remark of one of the caller's orders. */
export async function updateRemark(db: Db, userId: number, id: number, remark: string): Promise<boolean> {
  const updated = await db
    .update(staticOrders)
    .set({ remark })
    .where(and(eq(staticOrders.id, id), eq(staticOrders.userId, userId)))
    .returning({ id: staticOrders.id });
  if (updated.length === 0) throw orderNotFound();
  return true;
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;

const TYPE_NAME: Record<ResourceType, MessageKey> = {
  1: 'static.type.1',
  2: 'static.type.2',
  3: 'static.type.3',
  12: 'static.type.12',
};

/** "Static ISP IP × 5, 30 days" in the caller's language: the provider's cashier and bill show it. */
export function describeOrder(row: Pick<OrderRow, 'orderType' | 'resourceType' | 'count' | 'durationDays'>, t: Translate) {
  return t(row.orderType === StaticOrderType.Renewal ? 'static.subjectRenewal' : 'static.subject', {
    type: t(TYPE_NAME[row.resourceType]),
    count: row.count,
    days: row.durationDays,
  });
}

/** A static order as a payable order (payments/order-kinds.ts): back to the static order list afterwards. */
export async function staticPayable(db: Db, now: Date, userId: number, orderId: number, t: Translate): Promise<PayableOrder> {
  const order = await getOwnOrder(db, userId, orderId);
  return {
    kind: 'static',
    id: order.id,
    amountFen: order.amountFen,
    payDeadline: order.payDeadline,
    paid: order.payStatus === PayStatus.Paid,
    open: canPay(order, now),
    subject: describeOrder(order, t),
    // Every channel: the order list polls the order's status in a banner and leads on to the IPs.
    backTo: () => ({
      returnPath: `/admin/static/list?order=${order.id}`,
      quitPath: `/admin/static/list?order=${order.id}&cancelled=1`,
    }),
  };
}
