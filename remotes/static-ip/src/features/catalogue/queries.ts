import { useQuery } from '@tanstack/react-query';
import type { ResourceType } from '@portal/shared';
import { PRICE_QUERY } from '@portal/shared/ui';
import { staticKeys } from '../../common/keys.ts';
import { fetchDurations, fetchRegions } from './calls.ts';

/** The durations on sale for a type, with the price per IP. */
export function useDurations(type: ResourceType | null) {
  return useQuery({
    queryKey: staticKeys.durations(type ?? 1),
    queryFn: () => fetchDurations(type as ResourceType),
    enabled: type !== null,
    staleTime: 60_000,
    meta: PRICE_QUERY,
  });
}

/** The regions of a type with their stock (kept fresh: stock moves with every sale). */
export function useRegions(type: ResourceType) {
  return useQuery({ queryKey: staticKeys.regions(type), queryFn: () => fetchRegions(type), staleTime: 15_000 });
}
