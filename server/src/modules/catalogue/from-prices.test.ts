import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

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
