import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, RechargeOrderStatus } from '@portal/shared';
import { authStore, callApi } from '@portal/shared/browser';

export const orderKeys = {
  info: (id: number) => ['recharge-order', id, 'info'] as const,
  status: (id: number) => ['recharge-order', id, 'status'] as const,
  payInfo: (id: number) => ['recharge-order', id, 'pay-info'] as const,
};

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.info(id ?? 0),
    queryFn: () => callApi(api.rechargeOrderInfo, { query: { id: id as number } }),
    enabled: id !== null,
  });
}

/** The offered channels; without an order yet, asked again once one exists. */
export function usePayInfo(id: number | null) {
  return useQuery({
    queryKey: orderKeys.payInfo(id ?? 0),
    queryFn: () => callApi(api.orderPayInfo, { query: { orderId: id as number } }),
    enabled: id !== null,
  });
}

/**
 * Polls an unpaid order's status every 3 s (the provider's notification may arrive any moment) and
 * stops once it is paid or closed; on payment the header's remaining traffic follows at once.
 */
export function useOrderStatus(id: number | null, poll: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orderKeys.status(id ?? 0),
    queryFn: async () => {
      const status = await callApi(api.rechargeOrderStatus, { params: { id: id as number } }, { silent: true });
      if (status.status === RechargeOrderStatus.Success) {
        if (authStore.userInfo) authStore.userInfo.limitBalance = status.limitBalance;
        void queryClient.invalidateQueries({ queryKey: orderKeys.info(status.id) });
      }
      return status;
    },
    enabled: id !== null,
    refetchInterval: (query) =>
      poll && (query.state.data === undefined || query.state.data.status === RechargeOrderStatus.Pending) ? 3000 : false,
    refetchIntervalInBackground: true,
  });
}
