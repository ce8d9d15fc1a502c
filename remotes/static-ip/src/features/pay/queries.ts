import { useQuery } from '@tanstack/react-query';
import { api, StaticOrderStatus } from '@portal/shared';
import { callApi, NO_ERROR_PAGE } from '@portal/shared/browser';
import { staticKeys } from '../../common/keys.ts';

export const STATUS_POLL_MS = 3000;

/** The channels offered for a static order, its amount, deadline and whether payments are simulated. */
export function useStaticPayInfo(id: number | null) {
  return useQuery({
    queryKey: staticKeys.payInfo(id ?? 0),
    queryFn: () => callApi(api.staticPayInfo, { query: { orderId: id as number } }),
    enabled: id !== null,
    // Read by the pay dialog and the order banner, which show their own failure and retry.
    meta: NO_ERROR_PAGE,
    staleTime: 0,
  });
}

export function useStaticOrderInfo(id: number | null) {
  return useQuery({
    queryKey: staticKeys.orderInfo(id ?? 0),
    queryFn: () => callApi(api.staticOrderInfo, { query: { id: id as number } }),
    enabled: id !== null,
    // Read by the pay dialog and the order banner, which show their own failure and retry.
    meta: NO_ERROR_PAGE,
  });
}

/** Whether an order's status is still worth asking about every few seconds. */
export const stillPending = (status: StaticOrderStatus | undefined) =>
  status === undefined || status === StaticOrderStatus.Pending;

/**
 * Polls a static order's status every 3 s while it is pending (the provider's notification may
 * come any moment) and stops once it is paid, closed or being refunded.
 */
export function useStaticOrderStatus(id: number | null) {
  return useQuery({
    queryKey: staticKeys.orderStatus(id ?? 0),
    queryFn: () => callApi(api.staticOrderStatus, { params: { id: id as number } }, { silent: true }),
    enabled: id !== null,
    // Read by the pay dialog and the order banner, which show their own failure and retry.
    meta: NO_ERROR_PAGE,
    staleTime: 0,
    refetchInterval: (query) => (stillPending(query.state.data?.status) ? STATUS_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
