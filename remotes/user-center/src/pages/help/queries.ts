import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api, type HelpCategory } from '@portal/shared';
import { callApi, NO_ERROR_PAGE } from '@portal/shared/browser';

export const HELP_PAGE_SIZE = 20;

/** Answers come in the reader's language, so the locale is part of every key. */
const helpKeys = {
  page: (locale: string, q: { category?: HelpCategory | undefined; keyword?: string | undefined; pageNo: number }) =>
    ['help', locale, 'page', q.category ?? null, q.keyword ?? null, q.pageNo] as const,
  categories: ['help', 'categories'] as const,
  doc: (locale: string, id: number) => ['help', locale, 'doc', id] as const,
};

export function useHelpPage(q: { category?: HelpCategory | undefined; keyword?: string | undefined; pageNo: number }) {
  const { locale } = useIntl();
  return useQuery({
    queryKey: helpKeys.page(locale, q),
    queryFn: () =>
      callApi(api.helpCenterPage, {
        query: {
          pageNo: q.pageNo,
          pageSize: HELP_PAGE_SIZE,
          ...(q.category && { category: q.category }),
          ...(q.keyword && { keyword: q.keyword }),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useHelpCategories() {
  return useQuery({ queryKey: helpKeys.categories, queryFn: () => callApi(api.helpCenterCategories), staleTime: 60_000 });
}

/** One answer's body, fetched when the reader opens it. */
export function useHelpDoc(id: number, enabled: boolean) {
  const { locale } = useIntl();
  return useQuery({
    queryKey: helpKeys.doc(locale, id),
    queryFn: () => callApi(api.helpCenterGet, { query: { id } }),
    enabled,
    staleTime: 5 * 60_000,
    // Opened by the reader inside the list: its failure shows in place.
    meta: NO_ERROR_PAGE,
  });
}
