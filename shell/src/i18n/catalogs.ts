import { useSyncExternalStore } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { type Catalog, type Catalogs, type Locale, sharedMessages, uiStore } from '@portal/shared';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

/**
 * The message catalog of the page: the shell's and shared kit's own, plus each remote's catalog
 * as that remote loads. One IntlProvider, so remote pages use plain react-intl.
 */
const catalogs: Record<Locale, Catalog> = {
  en: { ...sharedMessages.en, ...en },
  'zh-CN': { ...sharedMessages['zh-CN'], ...zhCN },
};
let version = 0;
const listeners = new Set<() => void>();

export function addCatalogs(more: Catalogs): void {
  catalogs.en = { ...catalogs.en, ...more.en };
  catalogs['zh-CN'] = { ...catalogs['zh-CN'], ...more['zh-CN'] };
  version++;
  for (const l of listeners) l();
}

export function useMessages(locale: Locale): Catalog {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return catalogs[locale];
}

const cache = createIntlCache();
let intl: { key: string; value: IntlShape } | null = null;

/** Translation outside React (HTTP reactions, the route guard) in the current locale. */
export function translate(id: string, values?: Record<string, string | number>, locale: Locale = uiStore.locale): string {
  const key = `${locale}:${version}`;
  if (intl?.key !== key) intl = { key, value: createIntl({ locale, messages: catalogs[locale] }, cache) };
  return intl.value.formatMessage({ id }, values);
}
