import { type Query, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { api } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';
import { type AuthState, authStore } from '../../state/auth.ts';

/**
 * Marks a query answered at the prices of the session: a member's own substation, the host's for a
 * visitor (decision 0027); server-rendered pages carry the visitor's. Every remote's price query
 * says so itself (`meta: PRICE_QUERY`), so a login or logout finds them without knowing their keys.
 */
export const PRICE_QUERY = { prices: true } as const;

export const isPriceQuery = (query: Pick<Query, 'meta'>): boolean => query.meta?.prices === true;

// The catalogue queries, apart from the BuyTraffic form (ui/forms): the marketing pages price from
// them without loading form controls. Each call's key and options live together here, so /buy, the
// landing pages and checkout's quote share one cache entry per call.
export const catalogueKeys = {
  packages: ['catalogue', 'packages'] as const,
  package: (id: number) => ['catalogue', 'package', id] as const,
  customRule: ['catalogue', 'custom-rule'] as const,
};

const CATALOGUE_STALE_MS = 60_000;

export const packagesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.packages,
    queryFn: () => callApi(api.trafficPackageList),
    staleTime: CATALOGUE_STALE_MS,
    meta: PRICE_QUERY,
  });

export const packageQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.package(id),
    queryFn: () => callApi(api.trafficPackageGet, { query: { id } }),
    staleTime: CATALOGUE_STALE_MS,
    meta: PRICE_QUERY,
  });

export const customRuleQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.customRule,
    queryFn: () => callApi(api.customTrafficPrice, { query: {} }),
    staleTime: CATALOGUE_STALE_MS,
    meta: PRICE_QUERY,
  });

export const usePackages = () => useQuery(packagesQuery());

export const useCustomRule = () => useQuery(customRuleQuery());

/**
 * Prices follow the session: with a member logged in at start, the prices the page was rendered
 * with (the host's) are fetched again at once, and again at every login or logout, so what a member
 * sees is what their order costs. Returns the function that stops following.
 */
export function pricesFollowSession(queryClient: QueryClient, store: Pick<AuthState, 'token'> = authStore): () => void {
  const refresh = () => void queryClient.invalidateQueries({ predicate: isPriceQuery });
  let token = store.token;
  if (token !== '') refresh();
  return subscribe(store, () => {
    if (store.token === token) return;
    token = store.token;
    refresh();
  });
}
