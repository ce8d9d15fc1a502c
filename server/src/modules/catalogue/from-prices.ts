import { type FromPrices, fromPerGbFen, fromPerMonthFen, type ResourceType } from '@portal/shared';
import type { Db } from '../../db/client.ts';
import { listDurations } from '../static-ip/stock.ts';
import { listPackages, siteCustomRule } from './service.ts';

/** "From" prices of every product line at a substation's prices, from what the order pages price from. */
export async function fromPrices(db: Db, siteId: number): Promise<FromPrices> {
  const perMonth = async (type: ResourceType) => fromPerMonthFen(await listDurations(db, type, siteId));
  const [packages, rule, datacenter, staticIsp, native, chinaIsp] = await Promise.all([
    listPackages(db, siteId),
    siteCustomRule(db, siteId).catch(() => null),
    perMonth(1),
    perMonth(2),
    perMonth(3),
    perMonth(12),
  ]);
  return {
    dynamicPerGbFen: fromPerGbFen(packages, rule),
    datacenterPerIpMonthFen: datacenter,
    staticIspPerIpMonthFen: staticIsp,
    nativePerIpMonthFen: native,
    chinaIspPerIpMonthFen: chinaIsp,
  };
}
