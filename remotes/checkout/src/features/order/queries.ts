import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, RechargeOrderStatus } from '@portal/shared';
import { callApi, recordBalance } from '@portal/shared/browser';
import { useTeamCan } from '@portal/shared/ui';

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

/** The offered channels; without an order yet, asked again once one exists. Not asked for a role that cannot pay. */
export function usePayInfo(id: number | null) {
  const canBuy = useTeamCan('buy');
  return useQuery({
    queryKey: orderKeys.payInfo(id ?? 0),
    queryFn: () => callApi(api.orderPayInfo, { query: { orderId: id as number } }),
    enabled: id !== null && canBuy,
  });
}

/**
 * Polls an unpaid order's status every 3 s (the provider's notification may arrive any moment) and
 * stops once it is paid or closed; on payment the header's remaining traffic follows at once.
 */
export function useOrderStatus(id: number | null, poll: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: orderKeys.status(id ?? 0),
    queryFn: () => callApi(api.rechargeOrderStatus, { params: { id: id as number } }, { silent: true }),
    enabled: id !== null,
    refetchInterval: (q) =>
      poll && (q.state.data === undefined || q.state.data.status === RechargeOrderStatus.Pending) ? 3000 : false,
    refetchIntervalInBackground: true,
  });
  const paid = query.data?.status === RechargeOrderStatus.Success ? query.data : null;
  const paidOrderId = paid?.id;
  const balance = paid?.limitBalance;
  useEffect(() => {
    if (paidOrderId === undefined || balance === undefined) return;
    recordBalance(balance);
    void queryClient.invalidateQueries({ queryKey: orderKeys.info(paidOrderId) });
  }, [paidOrderId, balance, queryClient]);
  return query;
}
