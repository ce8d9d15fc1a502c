import type { IconName } from './icons.tsx';

/** SPEC section 1's six use cases: the key of their messages, their anchor on /use-scene, their icon. */
/** The product a use case is best served by, and where its landing page is. */
export const PRODUCT_PATHS = {
  dynamic: '/dynamic-residential-proxies',
  static: '/static-residential-proxies',
  native: '/native-residential-proxies',
} as const;

export const USE_CASES: ReadonlyArray<{ key: string; anchor: string; icon: IconName; product: keyof typeof PRODUCT_PATHS }> = [
  { key: 'scraping', anchor: 'data-scraping', icon: 'scraping', product: 'dynamic' },
  { key: 'ecommerce', anchor: 'e-commerce', icon: 'ecommerce', product: 'native' },
  { key: 'research', anchor: 'market-research', icon: 'research', product: 'dynamic' },
  { key: 'opinion', anchor: 'public-opinion-monitoring', icon: 'opinion', product: 'dynamic' },
  { key: 'testing', anchor: 'website-testing', icon: 'testing', product: 'static' },
  { key: 'travel', anchor: 'travel-aggregation', icon: 'travel', product: 'dynamic' },
];
