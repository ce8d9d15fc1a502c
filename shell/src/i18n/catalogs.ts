import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { type Catalog, type Catalogs, type Locale, sharedMessages } from '@portal/shared';
import { uiStore } from '@portal/shared/browser';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

/**
 * The message catalog of the page: the shell's and shared kit's own, plus each remote's catalog
 * as that remote loads. One IntlProvider, so remote pages use plain react-intl.
 *
 * A remote's catalog is merged into the same objects, without re-rendering: its keys are its own
 * (`checkout.*`, …) and only its pages, which mount after this, read them; telling React would
 * re-render the whole page being left (every message, every styled component) in the middle of the
 * navigation to the remote, for nothing.
 */
const catalogs: Record<Locale, Catalog> = {
  en: { ...sharedMessages.en, ...en },
  'zh-CN': { ...sharedMessages['zh-CN'], ...zhCN },
};
let version = 0;

export function addCatalogs(more: Catalogs): void {
  Object.assign(catalogs.en, more.en);
  Object.assign(catalogs['zh-CN'], more['zh-CN']);
  version++;
}

export function useMessages(locale: Locale): Catalog {
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
