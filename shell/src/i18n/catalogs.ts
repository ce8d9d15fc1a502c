import { useSyncExternalStore } from 'react';
import { type Catalog, type Catalogs, type Locale, sharedMessages } from '@portal/shared';
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
