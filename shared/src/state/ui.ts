import { proxy } from 'valtio';
import type { Website } from '../contract/system.ts';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';

/** Global state of SPEC section 3: customer-service panel, substation settings, locale. */
export const uiStore = proxy<{
  customerServiceVisible: boolean;
  /** The custom-plan request form (decision 0028): any page opens it, the shell shows it. */
  customPlanVisible: boolean;
  substation: Website | null;
  locale: Locale;
  /**
   * A page's own title when its route's fixed title does not say enough (a blog post's headline);
   * tied to the path it was set on, so it never outlives the page. The shell formats and shows it.
   */
  pageTitle: { path: string; title: string } | null;
}>({
  customerServiceVisible: false,
  customPlanVisible: false,
  substation: null,
  locale: DEFAULT_LOCALE,
  pageTitle: null,
});

export const openCustomerService = () => {
  uiStore.customerServiceVisible = true;
};
export const closeCustomerService = () => {
  uiStore.customerServiceVisible = false;
};

export const openCustomPlan = () => {
  uiStore.customPlanVisible = true;
};
export const closeCustomPlan = () => {
  uiStore.customPlanVisible = false;
};

/**
 * Marks a page's main action ("Buy now", "Pay"): the floating customer-service button moves so it
 * never covers one (shell/src/support/clearOfActions.ts). Spread it on the button:
 * `<Button {...primaryAction}>`.
 */
export const PRIMARY_ACTION_ATTRIBUTE = 'data-primary-action';
export const primaryAction = { [PRIMARY_ACTION_ATTRIBUTE]: '' } as const;
