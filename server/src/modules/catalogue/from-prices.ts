import {
  type CustomTrafficRule,
  type FromPrices,
  MB_PER_GB,
  type ResourceType,
  type StaticDuration,
  type TrafficPackage,
} from '@portal/shared';
import type { Db } from '../../db/client.ts';
import { listDurations } from '../static-ip/stock.ts';
import { listPackages, siteCustomRule } from './service.ts';

const MONTH_DAYS = 30;

/**
 * The cheapest price per GB on sale: a package's price over all the traffic it delivers (its gift
 * included: that is what the buyer gets for the money), or the lowest custom-amount tier. Rounded up,
 * so "from" never promises less than anyone pays.
 */
export function dynamicFromPerGbFen(packages: readonly TrafficPackage[], rule: CustomTrafficRule | null): number | null {
  const rates = packages.map((p) => Math.ceil((p.priceFen * MB_PER_GB) / (p.trafficMb + p.giftTrafficMb)));
  for (const tier of rule?.tiers ?? []) rates.push(tier.unitPriceFen);
  return rates.length ? Math.min(...rates) : null;
}

/** The cheapest duration of a static type, prorated to 30 days and rounded up to the fen. */
export function staticFromPerMonthFen(durations: readonly StaticDuration[]): number | null {
  if (durations.length === 0) return null;
  return Math.min(...durations.map((d) => Math.ceil((d.priceFen * MONTH_DAYS) / d.days)));
}

/** "From" prices of every product line at a substation's prices, from what the order pages price from. */
export async function fromPrices(db: Db, siteId: number): Promise<FromPrices> {
  const perMonth = async (type: ResourceType) => staticFromPerMonthFen(await listDurations(db, type, siteId));
  const [packages, rule, datacenter, staticIsp, native, chinaIsp] = await Promise.all([
    listPackages(db, siteId),
    siteCustomRule(db, siteId).catch(() => null),
    perMonth(1),
    perMonth(2),
    perMonth(3),
    perMonth(12),
  ]);
  return {
    dynamicPerGbFen: dynamicFromPerGbFen(packages, rule),
    datacenterPerIpMonthFen: datacenter,
    staticIspPerIpMonthFen: staticIsp,
    nativePerIpMonthFen: native,
    chinaIspPerIpMonthFen: chinaIsp,
  };
}
