import { proxy } from 'valtio';
import type { Website } from '../contract/system.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';

/** Global state of SPEC section 3: customer-service panel, substation settings, locale. */
export const uiStore = proxy<{ customerServiceVisible: boolean; substation: Website | null; locale: Locale }>({
  customerServiceVisible: false,
  substation: null,
  locale: DEFAULT_LOCALE,
});

export const openCustomerService = () => {
  uiStore.customerServiceVisible = true;
};
export const closeCustomerService = () => {
  uiStore.customerServiceVisible = false;
};
