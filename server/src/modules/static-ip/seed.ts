import { RESOURCE_TYPES, type ResourceType } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type StaticProtocol, staticDurations, staticNodes, staticRegions } from './tables.ts';

/**
 * Price per IP for 30 days (fen), in line with the market: data centre ¥15, static ISP ¥30, native
 * residential ¥45, domestic China static ISP ¥25. Longer durations cost less per month (90 days:
 * 14/15 of it, 180 days: 13/15); the original (list) price is the undiscounted monthly list price.
 */
const MONTHLY: Record<ResourceType, { priceFen: number; listFen: number }> = {
  1: { priceFen: 1500, listFen: 2000 },
  2: { priceFen: 3000, listFen: 4000 },
  3: { priceFen: 4500, listFen: 6000 },
  12: { priceFen: 2500, listFen: 3500 },
};

export const DEFAULT_STATIC_DURATIONS = RESOURCE_TYPES.flatMap((resourceType) => {
  const { priceFen, listFen } = MONTHLY[resourceType];
  return [
    { resourceType, days: 30, priceFen, originalPriceFen: listFen },
    { resourceType, days: 90, priceFen: (priceFen * 14 * 3) / 15, originalPriceFen: listFen * 3 },
    { resourceType, days: 180, priceFen: (priceFen * 13 * 6) / 15, originalPriceFen: listFen * 6 },
  ];
}) satisfies (typeof staticDurations.$inferInsert)[];

type Place = readonly [countryCode: string, countryEn: string, countryZh: string, cityEn: string, cityZh: string];

const US = ['US', 'United States', '美国'] as const;
const GB = ['GB', 'United Kingdom', '英国'] as const;
const DE = ['DE', 'Germany', '德国'] as const;
const FR = ['FR', 'France', '法国'] as const;
const JP = ['JP', 'Japan', '日本'] as const;
const SG = ['SG', 'Singapore', '新加坡'] as const;
const HK = ['HK', 'Hong Kong (China)', '中国香港'] as const;
const KR = ['KR', 'South Korea', '韩国'] as const;
const CA = ['CA', 'Canada', '加拿大'] as const;
const AU = ['AU', 'Australia', '澳大利亚'] as const;
const BR = ['BR', 'Brazil', '巴西'] as const;
const NL = ['NL', 'Netherlands', '荷兰'] as const;
const CN = ['CN', 'China', '中国'] as const;

/** Demo regions per type (sandbox only); the last of each type has no stock, so "no stock" shows. */
export const DEMO_REGIONS: Record<ResourceType, Place[]> = {
  1: [
    [...US, 'Los Angeles', '洛杉矶'],
    [...US, 'New York', '纽约'],
    [...GB, 'London', '伦敦'],
    [...DE, 'Frankfurt', '法兰克福'],
    [...NL, 'Amsterdam', '阿姆斯特丹'],
    [...JP, 'Tokyo', '东京'],
    [...SG, 'Singapore', '新加坡'],
    [...HK, 'Hong Kong', '香港'],
    [...BR, 'São Paulo', '圣保罗'],
  ],
  2: [
    [...US, 'Dallas', '达拉斯'],
    [...US, 'Seattle', '西雅图'],
    [...GB, 'Manchester', '曼彻斯特'],
    [...DE, 'Berlin', '柏林'],
    [...FR, 'Paris', '巴黎'],
    [...JP, 'Osaka', '大阪'],
    [...KR, 'Seoul', '首尔'],
    [...CA, 'Toronto', '多伦多'],
    [...AU, 'Sydney', '悉尼'],
  ],
  3: [
    [...US, 'Chicago', '芝加哥'],
    [...GB, 'London', '伦敦'],
    [...DE, 'Munich', '慕尼黑'],
    [...FR, 'Lyon', '里昂'],
    [...JP, 'Tokyo', '东京'],
    [...SG, 'Singapore', '新加坡'],
    [...CA, 'Vancouver', '温哥华'],
    [...AU, 'Melbourne', '墨尔本'],
    [...BR, 'São Paulo', '圣保罗'],
  ],
  12: [
    [...CN, 'Beijing', '北京'],
    [...CN, 'Shanghai', '上海'],
    [...CN, 'Guangzhou', '广州'],
    [...CN, 'Shenzhen', '深圳'],
    [...CN, 'Hangzhou', '杭州'],
    [...CN, 'Chengdu', '成都'],
  ],
};

/** Documentation address ranges (RFC 5737): nothing real is ever reached through demo stock. */
const HOST_RANGES = ['198.51.100', '203.0.113', '192.0.2'] as const;
const PROTOCOL_SETS: StaticProtocol[][] = [
  ['http', 'https', 'socks5'],
  ['http', 'https', 'socks5'],
  ['http', 'socks5'],
  ['socks5'],
  ['http', 'https'],
];

/** The demo inventory: 20–40 IPs per region (none in each type's last region), deterministic. */
export function demoInventory(): Array<{ place: Place; resourceType: ResourceType; nodes: Omit<NodeSeed, 'regionId'>[] }> {
  let k = 0;
  return RESOURCE_TYPES.flatMap((resourceType) =>
    DEMO_REGIONS[resourceType].map((place, r, places) => {
      const size = r === places.length - 1 ? 0 : 20 + ((r * 7 + resourceType * 3) % 21);
      const nodes = Array.from({ length: size }, () => {
        k += 1;
        return {
          host: `${HOST_RANGES[k % 3]}.${(k % 254) + 1}`,
          port: 10_000 + ((k * 37) % 50_000),
          outIp: `${HOST_RANGES[(k + 1) % 3]}.${((k * 7) % 254) + 1}`,
          protocols: PROTOCOL_SETS[k % PROTOCOL_SETS.length] as StaticProtocol[],
        };
      });
      return { place, resourceType, nodes };
    }),
  );
}

type NodeSeed = typeof staticNodes.$inferInsert;

/**
 * Durations and prices always (each type's, when it has none); in the sandbox also the demo regions
 * and inventory, when there are no regions at all. Never changes what operators imported or changed.
 */
export async function seedStatic(db: Db, { sandbox }: { sandbox: boolean }): Promise<void> {
  // Several instances may start at once: one transaction-scoped advisory lock makes "insert when empty" safe.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed:static'))`);
    for (const type of RESOURCE_TYPES) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(staticDurations)
        .where(eq(staticDurations.resourceType, type));
      if ((row?.count ?? 0) === 0) {
        await tx.insert(staticDurations).values(DEFAULT_STATIC_DURATIONS.filter((d) => d.resourceType === type));
      }
    }
    if (!sandbox) return;
    const [regions] = await tx.select({ count: sql<number>`count(*)::int` }).from(staticRegions);
    if ((regions?.count ?? 0) > 0) return;
    for (const { place, resourceType, nodes } of demoInventory()) {
      const [countryCode, countryEn, countryZh, cityEn, cityZh] = place;
      const [region] = await tx
        .insert(staticRegions)
        .values({ resourceType, countryCode, countryEn, countryZh, cityEn, cityZh })
        .returning({ id: staticRegions.id });
      if (!region) throw new Error('insert returned nothing');
      if (nodes.length > 0) await tx.insert(staticNodes).values(nodes.map((n) => ({ ...n, regionId: region.id })));
    }
  });
}
