import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import type { EpochRange } from '@portal/shared';
import { fetchAllPages } from '@portal/shared/browser';

export const RECORDS_PAGE_SIZE = 10;

const fetchRecords = (range: EpochRange, pageNo: number, pageSize: number) =>
  callApi(api.deductRecordList, { query: { ...range, pageNo, pageSize } });

/** One page of the caller's hourly deduction records (UTC hours), newest first. */
export function useDeductRecords(range: EpochRange, page: number) {
  return useQuery({
    queryKey: ['deduct-records', range, page],
    queryFn: () => fetchRecords(range, page, RECORDS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every record of the range (for the export). */
export const fetchAllRecords = (range: EpochRange) => fetchAllPages((pageNo, pageSize) => fetchRecords(range, pageNo, pageSize));
