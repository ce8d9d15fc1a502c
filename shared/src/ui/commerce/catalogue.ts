import { type QueryClient, useQuery } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { api } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';
import { type AuthState, authStore } from '../../state/auth.ts';

// The catalogue queries, apart from the BuyTraffic form (ui/forms): the marketing pages price from
// them without loading form controls.
export const catalogueKeys = {
  packages: ['catalogue', 'packages'] as const,
  customRule: ['catalogue', 'custom-rule'] as const,
};

export function usePackages() {
  return useQuery({ queryKey: catalogueKeys.packages, queryFn: () => callApi(api.trafficPackageList), staleTime: 60_000 });
}

export function useCustomRule() {
  return useQuery({
    queryKey: catalogueKeys.customRule,
    queryFn: () => callApi(api.flowUnitPrice, { query: {} }),
    staleTime: 60_000,
  });
}

/**
 * Queries answered at the prices of the session: a member's own substation, the host's for a
 * visitor (decision 0027). Server-rendered pages carry the visitor's.
 */
export function isPriceQuery(key: readonly unknown[]): boolean {
  const [first, second] = key;
  return (
    first === 'catalogue' ||
    (first === 'marketing' && (second === 'from-prices' || second === 'static-durations')) ||
    (first === 'static' && second === 'catalogue')
  );
}

/**
 * Prices follow the session: with a member logged in at start, the prices the page was rendered
 * with (the host's) are fetched again at once, and again at every login or logout, so what a member
 * sees is what their order costs. Returns the function that stops following.
 */
export function pricesFollowSession(queryClient: QueryClient, store: Pick<AuthState, 'token'> = authStore): () => void {
  const refresh = () => void queryClient.invalidateQueries({ predicate: (query) => isPriceQuery(query.queryKey) });
  let token = store.token;
  if (token !== '') refresh();
  return subscribe(store, () => {
    if (store.token === token) return;
    token = store.token;
    refresh();
  });
}
