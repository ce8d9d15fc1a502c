import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, nextLocalMidnight, type ResourceType, StaticIpStatus } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { fetchAllPages } from '@portal/shared/browser';
import { staticKeys } from '../../common/keys.ts';
import { type LiveIp, toLiveIp } from './remaining.ts';

export const IPS_PAGE_SIZE = 20;

/** The status filter's URL values (`?status=expired`) and what they ask the API for. */
export const IP_STATUS_FILTERS = { normal: StaticIpStatus.Normal, expired: StaticIpStatus.Expired } as const;
export type IpStatusFilter = keyof typeof IP_STATUS_FILTERS;
export const isIpStatusFilter = (v: string | null): v is IpStatusFilter => v !== null && Object.hasOwn(IP_STATUS_FILTERS, v);

export const KEYWORD_MAX = 64;

export interface IpFilterInput {
  type: ResourceType | null;
  status: IpStatusFilter | '';
  keyword: string;
  /** Only what expires before the end of the user's today. */
  expiringToday: boolean;
}

export interface StaticIpFilter {
  resourceType?: ResourceType;
  status?: StaticIpStatus;
  keyword?: string;
  expireBefore?: number;
}

/** The API filter of the page's inputs; "expiring today" sends the next local midnight (the server assumes no zone). */
export function ipFilter(input: IpFilterInput, now: number): StaticIpFilter {
  const filter: StaticIpFilter = {};
  if (input.type !== null) filter.resourceType = input.type;
  if (input.status) filter.status = IP_STATUS_FILTERS[input.status];
  const keyword = input.keyword.trim().slice(0, KEYWORD_MAX);
  if (keyword) filter.keyword = keyword;
  if (input.expiringToday) filter.expireBefore = nextLocalMidnight(now);
  return filter;
}

async function fetchIps(filter: StaticIpFilter, pageNo: number, pageSize: number) {
  const page = await callApi(api.staticIpPage, { query: { ...filter, pageNo, pageSize } });
  const at = Date.now();
  return { total: page.total, list: page.list.map((ip): LiveIp => toLiveIp(ip, at)) };
}

/** One page of the caller's IPs, soonest expiry first; the previous page stays on screen while the next loads. */
export function useStaticIps(filter: StaticIpFilter, page: number) {
  return useQuery({
    queryKey: [...staticKeys.ips, filter, page],
    queryFn: () => fetchIps(filter, page, IPS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every IP of the filter (exports with nothing selected). */
export const fetchAllIps = (filter: StaticIpFilter) => fetchAllPages((pageNo, pageSize) => fetchIps(filter, pageNo, pageSize));
