import { api, RESOURCE_TYPES, type ResourceType, type StaticDuration, type StaticRegion } from '@portal/shared';
import { callApi } from '@portal/shared/browser';

/** A resource type from the URL (`?type=12`), or null. */
export function parseResourceType(value: string | null | undefined): ResourceType | null {
  if (!value || !/^\d{1,2}$/.test(value)) return null;
  const n = Number(value);
  return (RESOURCE_TYPES as readonly number[]).includes(n) ? (n as ResourceType) : null;
}

/**
 * The spec has one pair of catalogue calls per family: data centre (1) and static ISP (2) share
 * the `static-isp` calls with the type in the query; native (3) and domestic China (12) have their own.
 */
export function fetchDurations(type: ResourceType): Promise<StaticDuration[]> {
  switch (type) {
    case 1:
    case 2:
      return callApi(api.staticIspDuration, { query: { resourceType: type } });
    case 3:
      return callApi(api.staticNativeDuration);
    case 12:
      return callApi(api.staticCnDuration);
  }
}

export function fetchRegions(type: ResourceType): Promise<StaticRegion[]> {
  switch (type) {
    case 1:
    case 2:
      return callApi(api.staticIspNode, { query: { resourceType: type } });
    case 3:
      return callApi(api.staticNativeNode);
    case 12:
      return callApi(api.staticCnNode);
  }
}

export interface StaticPurchase {
  regionId: number;
  count: number;
  durationDays: number;
  remark?: string;
}

/** Places the unpaid order with the type's own create call; the server prices it from its catalogue. */
export function createStaticOrder(type: ResourceType, purchase: StaticPurchase) {
  const remark = purchase.remark?.trim();
  const body = {
    regionId: purchase.regionId,
    count: purchase.count,
    durationDays: purchase.durationDays,
    ...(remark ? { remark } : {}),
  };
  switch (type) {
    case 1:
    case 2:
      return callApi(api.staticOrderCreate, { body: { resourceType: type, ...body } });
    case 3:
      return callApi(api.staticOrderCreateNative, { body });
    case 12:
      return callApi(api.staticOrderCreateCn, { body });
  }
}
