import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { api, callApi, isLocale, uiStore, type Website } from '@portal/shared';

/** The substation's site settings (loaded at start, SPEC section 7), mirrored into the global state. */
export function useSubstation(): Website | undefined {
  const { data } = useQuery({ queryKey: ['website'], queryFn: () => callApi(api.websiteGet), staleTime: 10 * 60_000 });
  useEffect(() => {
    if (data) uiStore.substation = data;
  }, [data]);
  return data;
}

/** Picks the current locale's text of a bilingual setting. */
export function useLocalized() {
  const { locale } = useIntl();
  return (text: { en: string; 'zh-CN': string }) => text[isLocale(locale) ? locale : 'zh-CN'];
}
