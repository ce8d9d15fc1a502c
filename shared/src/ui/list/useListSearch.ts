import { useCallback } from 'react';
import { useSearchParams } from '../router.ts';
import { isDay } from '../../format/dateRange.ts';

/** A positive whole number from the URL, or null. */
export function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/**
 * The filters and page of a list, kept in the URL (`?from=2024-05-01&to=…&page=2`), so a reload,
 * a shared link and the back button all show the same list. Values that make no sense are ignored.
 */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  /** Changes filters (null or '' removes one) and goes back to the first page. */
  const setFilters = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback(
    (page: number, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return {
    params,
    page: positiveInt(params.get('page')) ?? 1,
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
    setFilters,
    setPage,
  };
}
