import { type ResourceType, StaticErrorCode, type StaticIp, StaticIpStatus, type StaticRegion } from '@portal/shared';
import { and, asc, count, eq, gt, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { GRACE_MS, ipNotFound, isHeld, itemsWithType, oneType } from './orders.ts';
import { listRegions, lockAvailableNodes, placeOf, regionNotFound } from './stock.ts';
import { NodeState, staticExchanges, staticNodes, staticOrderItems, staticOrders, staticRegions } from './tables.ts';

const noReplaceableRegion = () => new BusinessError(StaticErrorCode.NoReplaceableRegion, 'static.noReplaceableRegion');
const exchangeNotAllowed = () => new BusinessError(StaticErrorCode.ExchangeNotAllowed, 'static.exchangeNotAllowed');

const ipColumns = {
  item: staticOrderItems,
  node: staticNodes,
  region: staticRegions,
  orderNo: staticOrders.orderNo,
  remark: staticOrders.remark,
};

type IpRow = {
  item: typeof staticOrderItems.$inferSelect;
  node: typeof staticNodes.$inferSelect;
  region: typeof staticRegions.$inferSelect;
  orderNo: string;
  remark: string;
};

/** Expired is a matter of time: an IP reads Expired from its expiry on, before the job marks it. */
export function toStaticIp({ item, node, region, orderNo, remark }: IpRow, now: Date): StaticIp {
  const expire = item.expireTime.getTime();
  return {
    id: item.id,
    orderNo,
    remark,
    host: node.host,
    port: node.port,
    account: item.account,
    password: item.password,
    outIp: node.outIp,
    resourceType: region.resourceType,
    region: placeOf(region),
    protocols: node.protocols,
    remainingMs: Math.max(0, expire - now.getTime()),
    purchaseTime: item.purchaseTime.getTime(),
    expireTime: expire,
    status: expire <= now.getTime() ? StaticIpStatus.Expired : StaticIpStatus.Normal,
    releaseTime: expire + GRACE_MS,
  };
}

function ipQuery(db: Db) {
  return db
    .select(ipColumns)
    .from(staticOrderItems)
    .innerJoin(staticNodes, eq(staticNodes.id, staticOrderItems.nodeId))
    .innerJoin(staticRegions, eq(staticRegions.id, staticNodes.regionId))
    .innerJoin(staticOrders, eq(staticOrders.id, staticOrderItems.orderId));
}

export interface StaticIpPageQuery {
  pageNo: number;
  pageSize: number;
  resourceType?: ResourceType | undefined;
  status?: StaticIpStatus | undefined;
  keyword?: string | undefined;
  expireBefore?: number | undefined;
}

const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's IPs still held (released ones and those past their grace are gone), soonest expiry first. */
export async function staticIpPage(db: Db, now: Date, userId: number, q: StaticIpPageQuery) {
  const where: SQL[] = [
    eq(staticOrderItems.userId, userId),
    eq(staticOrderItems.released, false),
    gt(staticOrderItems.expireTime, new Date(now.getTime() - GRACE_MS)),
  ];
  if (q.resourceType !== undefined) where.push(eq(staticRegions.resourceType, q.resourceType));
  if (q.status === StaticIpStatus.Normal) where.push(gt(staticOrderItems.expireTime, now));
  if (q.status === StaticIpStatus.Expired) where.push(lte(staticOrderItems.expireTime, now));
  if (q.expireBefore !== undefined) where.push(lt(staticOrderItems.expireTime, new Date(q.expireBefore)));
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    where.push(
      or(
        sql`${staticNodes.host} ilike ${pattern}`,
        sql`${staticNodes.outIp} ilike ${pattern}`,
        sql`${staticOrders.orderNo} ilike ${pattern}`,
      ) as SQL,
    );
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    ipQuery(db)
      .where(condition)
      .orderBy(asc(staticOrderItems.expireTime), asc(staticOrderItems.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db
      .select({ total: count() })
      .from(staticOrderItems)
      .innerJoin(staticNodes, eq(staticNodes.id, staticOrderItems.nodeId))
      .innerJoin(staticRegions, eq(staticRegions.id, staticNodes.regionId))
      .innerJoin(staticOrders, eq(staticOrders.id, staticOrderItems.orderId))
      .where(condition),
  ]);
  return { list: rows.map((row) => toStaticIp(row, now)), total: total?.total ?? 0 };
}

/** The caller's held IPs of these ids with their type; IpNotFound unless every one is. */
async function ownHeldItems(db: Db, now: Date, userId: number, itemIds: number[]) {
  const items = await itemsWithType(db, and(inArray(staticOrderItems.id, itemIds), eq(staticOrderItems.userId, userId)));
  if (items.length !== itemIds.length || items.some(({ item }) => !isHeld(item, now))) throw ipNotFound();
  return items;
}

/**
 * Regions the IPs could be exchanged into: of their resource type, with at least as many IPs in
 * stock as there are IPs to exchange (their own region included). Empty when there is none.
 */
export async function exchangeRegions(db: Db, now: Date, userId: number, itemIds: number[]): Promise<StaticRegion[]> {
  const items = await ownHeldItems(db, now, userId, itemIds);
  const types = new Set(items.map((i) => i.resourceType));
  const [type] = types;
  if (types.size !== 1 || type === undefined) return [];
  return listRegions(db, type, items.length);
}

/**
 * Exchanges IPs for fresh nodes of a region, in one transaction: the items are locked (id order,
 * as renewals lock them), new nodes are taken with SKIP LOCKED, each item points at its new node
 * (same credentials and expiry) and the old nodes go back to stock. Answers the updated IPs.
 */
export async function shareExchange(db: Db, now: Date, userId: number, itemIds: number[], regionId: number) {
  const ids = [...new Set(itemIds)];
  await db.transaction(async (tx) => {
    const items = await tx
      .select()
      .from(staticOrderItems)
      .where(and(inArray(staticOrderItems.id, ids), eq(staticOrderItems.userId, userId)))
      .orderBy(asc(staticOrderItems.id))
      .for('update');
    if (items.length !== ids.length || items.some((item) => !isHeld(item, now))) throw ipNotFound();
    if (items.some((item) => item.expireTime <= now)) throw exchangeNotAllowed();
    const oldNodeIds = items.map((item) => item.nodeId);
    const types = await tx
      .select({ resourceType: staticRegions.resourceType })
      .from(staticNodes)
      .innerJoin(staticRegions, eq(staticRegions.id, staticNodes.regionId))
      .where(inArray(staticNodes.id, oldNodeIds));
    const type = oneType(types, StaticErrorCode.ExchangeNotAllowed);
    const [region] = await tx.select().from(staticRegions).where(eq(staticRegions.id, regionId));
    if (!region) throw regionNotFound();
    if (region.resourceType !== type) throw noReplaceableRegion();
    const nodes = await lockAvailableNodes(tx, region.id, items.length);
    if (nodes.length < items.length) throw noReplaceableRegion();
    const moves = items.map((item, i) => {
      const node = nodes[i];
      if (!node) throw new Error('fewer nodes than items');
      return { itemId: item.id, oldNodeId: item.nodeId, newNodeId: node.id, exchangedAt: now };
    });
    for (const move of moves) {
      await tx.update(staticOrderItems).set({ nodeId: move.newNodeId }).where(eq(staticOrderItems.id, move.itemId));
    }
    await tx
      .update(staticNodes)
      .set({ state: NodeState.Allocated })
      .where(
        inArray(
          staticNodes.id,
          moves.map((m) => m.newNodeId),
        ),
      );
    await tx.update(staticNodes).set({ state: NodeState.Available }).where(inArray(staticNodes.id, oldNodeIds));
    await tx.insert(staticExchanges).values(moves);
  });
  const rows = await ipQuery(db).where(inArray(staticOrderItems.id, ids)).orderBy(asc(staticOrderItems.id));
  return rows.map((row) => toStaticIp(row, now));
}
