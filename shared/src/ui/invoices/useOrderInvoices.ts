import { useQuery } from '@tanstack/react-query';
import { api, type Invoice } from '@portal/shared';
import { callApi, NO_ERROR_PAGE } from '@portal/shared/browser';

export const invoicesKey = ['invoices'] as const;

/** The latest invoice of each order on the page (paid ones only: others have none), by order id. */
export function useOrderInvoices(orderIds: number[]) {
  return useQuery({
    queryKey: [...invoicesKey, orderIds],
    queryFn: async () => {
      const list = await callApi(api.invoiceList, { query: { orderIds: orderIds.join(',') } }, { silent: true });
      return new Map<number, Invoice>(list.map((invoice) => [invoice.orderId, invoice]));
    },
    enabled: orderIds.length > 0,
    staleTime: 0,
    // A cell of each row: the order list stays when invoices cannot be read.
    meta: NO_ERROR_PAGE,
  });
}
