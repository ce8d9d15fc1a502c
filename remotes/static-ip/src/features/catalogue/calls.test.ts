import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '@portal/shared/browser';
import { createStaticOrder, fetchDurations, fetchRegions, parseResourceType } from './calls.ts';

const order = {
  id: 9,
  orderNo: 'S1',
  orderType: 1,
  status: 0,
  amountFen: 3600,
  count: 3,
  durationDays: 30,
  resourceType: 1,
  region: null,
  payStatus: 0,
  payChannel: null,
  payTime: null,
  createTime: 1,
  expireTime: null,
  remark: '',
  payDeadline: 2,
  refund: null,
};

const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ code: 0, msg: '', data: [] }));

beforeEach(() => {
  fetchMock.mockClear();
  configureHttp({ fetch: fetchMock as unknown as typeof fetch, baseUrl: '' });
});
afterEach(() => configureHttp({ fetch: undefined }));

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined };
};

describe('parseResourceType', () => {
  it('accepts the four codes only', () => {
    expect([1, 2, 3, 12].map((t) => parseResourceType(String(t)))).toEqual([1, 2, 3, 12]);
    expect(parseResourceType('4')).toBeNull();
    expect(parseResourceType('01')).toBe(1);
    expect(parseResourceType('x')).toBeNull();
    expect(parseResourceType(null)).toBeNull();
  });
});

describe('catalogue calls per type', () => {
  it('ask the static-isp calls with the type for 1 and 2', async () => {
    await fetchDurations(2);
    expect(lastCall().url).toBe('/app-api/ip/static-isp/duration?resourceType=2');
    await fetchRegions(1);
    expect(lastCall().url).toBe('/app-api/ip/static-isp/node?resourceType=1');
  });

  it('ask the native and domestic China calls for 3 and 12', async () => {
    await fetchDurations(3);
    expect(lastCall().url).toBe('/app-api/ip/static-native/duration');
    await fetchRegions(12);
    expect(lastCall().url).toBe('/app-api/ip/static-isp-cn/node');
  });
});

describe('createStaticOrder', () => {
  beforeEach(() => fetchMock.mockImplementation(async () => Response.json({ code: 0, msg: '', data: order })));

  it('sends the type in the body for data centre and static ISP', async () => {
    await createStaticOrder(1, { regionId: 4, count: 3, durationDays: 30, remark: '  team A ' });
    expect(lastCall()).toEqual({
      url: '/app-api/ip/static-order/create',
      method: 'POST',
      body: { resourceType: 1, regionId: 4, count: 3, durationDays: 30, remark: 'team A' },
    });
  });

  it('uses createNative and createCN, without the type, and leaves an empty remark out', async () => {
    await createStaticOrder(3, { regionId: 4, count: 1, durationDays: 7, remark: ' ' });
    expect(lastCall()).toMatchObject({
      url: '/app-api/ip/static-order/createNative',
      body: { regionId: 4, count: 1, durationDays: 7 },
    });
    await createStaticOrder(12, { regionId: 5, count: 2, durationDays: 30 });
    expect(lastCall()).toMatchObject({
      url: '/app-api/ip/static-order/createCN',
      body: { regionId: 5, count: 2, durationDays: 30 },
    });
  });
});
