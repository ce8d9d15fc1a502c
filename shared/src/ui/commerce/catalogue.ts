import { useQuery } from '@tanstack/react-query';
import { api } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';

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
