import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dayRange, RechargeOrderStatus } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { fetchAllPages } from '@portal/shared/browser';

export const ORDERS_PAGE_SIZE = 10;

/** The status filter's URL values (`?status=pending`) and what they ask the API for. */
export const STATUS_FILTERS = {
  pending: RechargeOrderStatus.Pending,
  completed: RechargeOrderStatus.Success,
  closed: RechargeOrderStatus.Closed,
} as const;
export type StatusFilter = keyof typeof STATUS_FILTERS;
export const isStatusFilter = (v: string | null): v is StatusFilter => v !== null && Object.hasOwn(STATUS_FILTERS, v);

export interface OrderFilter {
  status?: RechargeOrderStatus;
  createdFrom?: number;
  createdTo?: number;
}

/** The API filter of the page's inputs: creation dates are days of the user's own time zone, both inclusive. */
export function orderFilter(status: StatusFilter | '', from: string, to: string): OrderFilter {
  const range = dayRange(from, to, 'local');
  const filter: OrderFilter = {};
  if (status) filter.status = STATUS_FILTERS[status];
  if (range.from !== undefined) filter.createdFrom = range.from;
  if (range.to !== undefined) filter.createdTo = range.to;
  return filter;
}

const fetchOrders = (filter: OrderFilter, pageNo: number, pageSize: number) =>
  callApi(api.rechargeOrderPage, { query: { ...filter, pageNo, pageSize } });

/** One page of the caller's orders, newest first; the previous page stays on screen while the next loads. */
export function useOrders(filter: OrderFilter, page: number) {
  return useQuery({
    queryKey: ['recharge-orders', filter, page],
    queryFn: () => fetchOrders(filter, page, ORDERS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every order of the filter (for the export). */
export const fetchAllOrders = (filter: OrderFilter) => fetchAllPages((pageNo, pageSize) => fetchOrders(filter, pageNo, pageSize));
