import dayjs from 'dayjs';
import { isLocale, type Locale } from '@portal/shared';

/** Times are shown in the user's own time zone. */
export const formatLocalTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Time left to pay an order: `29:05`, or `1:02:03` past an hour; never negative. */
export function formatPayLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

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
