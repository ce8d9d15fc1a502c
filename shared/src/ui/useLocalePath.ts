import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { isLocale, localizePath } from '../i18n/locales.ts';

/** Maps a bare path ('/buy') to the current locale's URL ('/en/buy' in English, '/buy' in Chinese). */
export function useLocalePath(): (path: string) => string {
  const { locale } = useIntl();
  return useCallback((path: string) => localizePath(path, isLocale(locale) ? locale : 'zh-CN'), [locale]);
}
