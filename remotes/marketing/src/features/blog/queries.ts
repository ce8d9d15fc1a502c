import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api, type BlogTag } from '@portal/shared';
import { callApi } from '@portal/shared/browser';

/** Posts come in the caller's language, so the locale is part of every key. */
export const blogKeys = {
  page: (locale: string, pageNo: number, pageSize: number, tag: BlogTag | undefined) =>
    ['blog', locale, 'page', pageNo, pageSize, tag ?? null] as const,
  tags: ['blog', 'tags'] as const,
  post: (locale: string, slug: string) => ['blog', locale, 'post', slug] as const,
};

export function useBlogPage(pageNo: number, pageSize: number, tag?: BlogTag) {
  const { locale } = useIntl();
  return useQuery({
    queryKey: blogKeys.page(locale, pageNo, pageSize, tag),
    queryFn: () => callApi(api.blogPage, { query: { pageNo, pageSize, ...(tag && { tag }) } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useBlogTags() {
  return useQuery({ queryKey: blogKeys.tags, queryFn: () => callApi(api.blogTags), staleTime: 60_000 });
}

export function useBlogPost(slug: string) {
  const { locale } = useIntl();
  return useQuery({
    queryKey: blogKeys.post(locale, slug),
    queryFn: () => callApi(api.blogGet, { query: { slug } }, { silent: true }),
    staleTime: 60_000,
    retry: false,
  });
}
