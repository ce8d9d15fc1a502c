import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dayRange, PayStatus, type ResourceType } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { fetchAllPages } from '@portal/shared/browser';
import { staticKeys } from '../../common/keys.ts';

export const ORDERS_PAGE_SIZE = 10;

/** The pay status filter's URL values (`?pay=paid`) and what they ask the API for. */
export const PAY_FILTERS = { unpaid: PayStatus.Unpaid, paid: PayStatus.Paid } as const;
export type PayFilter = keyof typeof PAY_FILTERS;
export const isPayFilter = (v: string | null): v is PayFilter => v !== null && Object.hasOwn(PAY_FILTERS, v);

export interface StaticOrderFilter {
  resourceType?: ResourceType;
  payStatus?: PayStatus;
  createdFrom?: number;
  createdTo?: number;
}

/** The API filter of the page's inputs: creation dates are days of the user's own time zone, both inclusive. */
export function orderFilter(type: ResourceType | null, pay: PayFilter | '', from: string, to: string): StaticOrderFilter {
  const range = dayRange(from, to, 'local');
  const filter: StaticOrderFilter = {};
  if (type !== null) filter.resourceType = type;
  if (pay) filter.payStatus = PAY_FILTERS[pay];
  if (range.from !== undefined) filter.createdFrom = range.from;
  if (range.to !== undefined) filter.createdTo = range.to;
  return filter;
}

const fetchOrders = (filter: StaticOrderFilter, pageNo: number, pageSize: number) =>
  callApi(api.staticOrderPage, { query: { ...filter, pageNo, pageSize } });

/** One page of the caller's static orders, newest first; the previous page stays on screen while the next loads. */
export function useStaticOrders(filter: StaticOrderFilter, page: number) {
  return useQuery({
    queryKey: [...staticKeys.orders, filter, page],
    queryFn: () => fetchOrders(filter, page, ORDERS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every order of the filter (for the export). */
export const fetchAllStaticOrders = (filter: StaticOrderFilter) =>
  fetchAllPages((pageNo, pageSize) => fetchOrders(filter, pageNo, pageSize));
