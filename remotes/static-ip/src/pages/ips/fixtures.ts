// Test data only (imported by the unit tests).
import type { StaticIp } from '@portal/shared';

/** A static IP for the unit tests. */
export const sampleIp = (over: Partial<StaticIp> = {}): StaticIp => ({
  id: 11,
  orderNo: 'S202405010001',
  remark: '',
  host: 'us1.proxy.example',
  port: 8000,
  account: 'u1',
  password: 'p@ss',
  outIp: '203.0.113.7',
  resourceType: 2,
  region: { countryCode: 'US', country: { en: 'United States', 'zh-CN': '美国' }, city: { en: 'Dallas', 'zh-CN': '达拉斯' } },
  protocols: ['http', 'socks5'],
  remainingMs: 0,
  purchaseTime: new Date(2024, 4, 1, 10).getTime(),
  expireTime: new Date(2024, 4, 31, 10).getTime(),
  status: 1,
  releaseTime: new Date(2024, 5, 3, 10).getTime(),
  ...over,
});
