import type { QueryClient } from '@tanstack/react-query';
import type { ResourceType } from '@portal/shared';

/** Query keys of the static IP pages; everything lives under `static`. */
export const staticKeys = {
  durations: (type: ResourceType) => ['static', 'catalogue', 'durations', type] as const,
  regions: (type: ResourceType) => ['static', 'catalogue', 'regions', type] as const,
  orders: ['static', 'orders'] as const,
  ips: ['static', 'ips'] as const,
  order: (id: number) => ['static', 'order', id] as const,
  orderInfo: (id: number) => ['static', 'order', id, 'info'] as const,
  orderStatus: (id: number) => ['static', 'order', id, 'status'] as const,
  payInfo: (id: number) => ['static', 'order', id, 'pay-info'] as const,
  exchangeNodes: (ids: string) => ['static', 'exchange-nodes', ids] as const,
};

/** After a payment, an exchange or a refund: the lists and the stock are no longer what they were. */
export function invalidateStaticLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: staticKeys.orders }),
    queryClient.invalidateQueries({ queryKey: staticKeys.ips }),
    queryClient.invalidateQueries({ queryKey: ['static', 'catalogue', 'regions'] }),
  ]);
}
