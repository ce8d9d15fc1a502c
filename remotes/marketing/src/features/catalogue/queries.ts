import { useQuery } from '@tanstack/react-query';
import { api, type ResourceType } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { PRICE_QUERY } from '@portal/shared/ui';

// Prices change a few times a year; a minute of staleness keeps page-to-page navigation instant.
const STALE_MS = 60_000;

export function useFromPrices() {
  return useQuery({
    queryKey: ['marketing', 'from-prices'],
    queryFn: () => callApi(api.fromPrices),
    staleTime: STALE_MS,
    meta: PRICE_QUERY,
  });
}

// Packages and the custom-traffic rule: usePackages / useCustomRule from @portal/shared/ui (same cache as /buy).

/** Durations and prices per IP of one static resource type (the spec has one call per family). */
export function useStaticDurations(type: ResourceType) {
  return useQuery({
    queryKey: ['marketing', 'static-durations', type],
    queryFn: () =>
      type === 12
        ? callApi(api.staticCnDuration)
        : type === 3
          ? callApi(api.staticNativeDuration)
          : callApi(api.staticIspDuration, { query: { resourceType: type } }),
    staleTime: STALE_MS,
    meta: PRICE_QUERY,
  });
}

/** Regions of one static resource type with the IPs in stock. */
export function useStaticRegions(type: ResourceType) {
  return useQuery({
    queryKey: ['marketing', 'static-regions', type],
    queryFn: () =>
      type === 12
        ? callApi(api.staticCnNode)
        : type === 3
          ? callApi(api.staticNativeNode)
          : callApi(api.staticIspNode, { query: { resourceType: type } }),
    staleTime: STALE_MS,
  });
}

export function useProxyCountries() {
  return useQuery({ queryKey: ['marketing', 'countries'], queryFn: () => callApi(api.countryList), staleTime: 10 * 60_000 });
}

/** The lowest of several "from" prices, ignoring lines not on sale (null). */
export function lowestPrice(...values: Array<number | null | undefined>): number | null {
  const known = values.filter((v): v is number => typeof v === 'number');
  return known.length ? Math.min(...known) : null;
}
