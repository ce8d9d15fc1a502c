import { useQuery } from '@tanstack/react-query';
import { api, type OrderAccountType, quoteCustom, quotePackage } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import type { Purchase } from './purchase.ts';

/** The quote of a purchase before an order exists: the shared pricing rules on the server's catalogue. */
export function useQuote(purchase: Purchase | null, accountType: OrderAccountType) {
  const pkg = useQuery({
    queryKey: ['catalogue', 'package', purchase?.packageId ?? 0],
    queryFn: () => callApi(api.trafficPackageGet, { query: { id: purchase?.packageId as number } }),
    enabled: purchase?.packageId !== undefined,
  });
  const rule = useQuery({
    queryKey: ['catalogue', 'custom-rule'],
    queryFn: () => callApi(api.flowUnitPrice, { query: {} }),
    enabled: purchase?.trafficGb !== undefined,
    staleTime: 60_000,
  });
  if (!purchase) return { quote: null, loading: false, error: null, retry: () => {} };
  if (purchase.packageId !== undefined) {
    return {
      quote: pkg.data ? quotePackage(pkg.data, accountType) : null,
      loading: pkg.isPending,
      error: pkg.error,
      retry: () => void pkg.refetch(),
    };
  }
  const quote = rule.data ? quoteCustom(rule.data, purchase.trafficGb as number, accountType) : null;
  return {
    quote,
    loading: rule.isPending,
    error: rule.error,
    retry: () => void rule.refetch(),
    outOfRange: rule.data !== undefined && quote === null ? rule.data : null,
  };
}
