import dayjs from 'dayjs';
import { isLocale, type Locale } from '@portal/shared';

/** Times are shown in the user's own time zone. */
export const formatLocalTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** The catalogue language of the page (bilingual fields carry `en` and `zh-CN`). */
export const localeKey = (locale: string): Locale => (isLocale(locale) ? locale : 'zh-CN');

export interface RegionNames {
  country: Record<Locale, string>;
  city: Record<Locale, string>;
}

/** `United States · Los Angeles` in the page's language. */
export const regionLabel = (region: RegionNames, locale: string) => {
  const key = localeKey(locale);
  return `${region.country[key]} · ${region.city[key]}`;
};
