import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api } from '../contract/index.ts';
import { callApi } from '../http/client.ts';
import { NO_ERROR_PAGE } from '../http/query-meta.ts';
import { isLocale } from '../i18n/locales.ts';

/** The substation's site settings: one query (and cache entry) for the shell and every remote. */
export const websiteQuery = {
  queryKey: ['website'],
  queryFn: () => callApi(api.websiteGet),
  staleTime: 10 * 60_000,
  // The layout's header and footer read it: a failure never replaces the page.
  meta: NO_ERROR_PAGE,
} as const;

export function useWebsite() {
  return useQuery(websiteQuery);
}

/** Picks the current locale's text of a bilingual setting. */
export function useLocalized() {
  const { locale } = useIntl();
  return (text: { en: string; 'zh-CN': string }) => text[isLocale(locale) ? locale : 'zh-CN'];
}
