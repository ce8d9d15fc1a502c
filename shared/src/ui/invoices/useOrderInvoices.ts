import { useQuery } from '@tanstack/react-query';
import type { OrderAccountType } from '../../commerce/pricing.ts';
import { api, type Invoice, type InvoiceOrderKind } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';
import { NO_ERROR_PAGE } from '../../http/query-meta.ts';

export const invoicesKey = ['invoices'] as const;

/** An order as the invoice column and dialog need it, of either kind (recharge orders carry an account type). */
export type InvoiceableOrder = { id: number; orderNo: string; amountFen: number; paid: boolean } & (
  | { kind: 'recharge'; accountType: OrderAccountType }
  | { kind: 'static' }
);

/** The latest invoice of each order of one kind on the page (paid ones only: others have none), by order id. */
export function useOrderInvoices(kind: InvoiceOrderKind, orderIds: number[]) {
  return useQuery({
    queryKey: [...invoicesKey, kind, orderIds],
    queryFn: async () => {
      const list = await callApi(api.invoiceList, { query: { orderKind: kind, orderIds: orderIds.join(',') } }, { silent: true });
      return new Map<number, Invoice>(list.map((invoice) => [invoice.orderId, invoice]));
    },
    enabled: orderIds.length > 0,
    staleTime: 0,
    // A cell of each row: the order list stays when invoices cannot be read.
    meta: NO_ERROR_PAGE,
  });
}
