import { useQuery } from '@tanstack/react-query';
import { type OrderAccountType, quoteCustom, quotePackage, type TrafficPurchase } from '@portal/shared';
import { customRuleQuery, packageQuery } from '@portal/shared/ui';

/** The quote of a purchase before an order exists: the shared pricing rules on the server's catalogue. */
export function useQuote(purchase: TrafficPurchase | null, accountType: OrderAccountType) {
  const pkg = useQuery({ ...packageQuery(purchase?.packageId ?? 0), enabled: purchase?.packageId !== undefined });
  const rule = useQuery({ ...customRuleQuery(), enabled: purchase?.trafficGb !== undefined });
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
