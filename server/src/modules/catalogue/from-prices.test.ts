import { MB_PER_GB } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { dynamicFromPerGbFen, staticFromPerMonthFen } from './from-prices.ts';

const pkg = (gb: number, giftGb: number, priceFen: number) => ({
  id: 1,
  trafficMb: gb * MB_PER_GB,
  giftTrafficMb: giftGb * MB_PER_GB,
  priceFen,
  originalPriceFen: priceFen,
  validityDays: 30,
  tags: [],
});

describe('from prices', () => {
  it('takes the cheapest GB of packages (gift included) and custom tiers, rounded up', () => {
    const rule = { tiers: [{ minGb: 1, unitPriceFen: 3000 }], minGb: 1, maxGb: 100, validityDays: 30 };
    // 10 + 2 GB for ¥100: 833.33 fen per GB → 834.
    expect(dynamicFromPerGbFen([pkg(10, 2, 10_000), pkg(5, 0, 12_500)], rule)).toBe(834);
    expect(dynamicFromPerGbFen([], rule)).toBe(3000);
    expect(dynamicFromPerGbFen([], null)).toBeNull();
  });

  it('prorates the cheapest static duration to 30 days, rounded up', () => {
    expect(
      staticFromPerMonthFen([
        { days: 30, priceFen: 2500, originalPriceFen: 3500 },
        { days: 180, priceFen: 13_000, originalPriceFen: 21_000 },
      ]),
    ).toBe(2167);
    expect(staticFromPerMonthFen([])).toBeNull();
  });
});

describe('GET /app-api/ip/catalogue/from-prices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the seeded catalogue: ¥11.31/GB (1,000 + 150 GB for ¥13,000) and each static type at 180 days', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-api/ip/catalogue/from-prices' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      dynamicPerGbFen: 1131,
      datacenterPerIpMonthFen: 1300,
      staticIspPerIpMonthFen: 2600,
      nativePerIpMonthFen: 3900,
      chinaIspPerIpMonthFen: 2167,
    });
  });
});
