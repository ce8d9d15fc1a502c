export * from './locales.ts';
export * from './messages.ts';
export type Catalog = Record<string, string>;
export type Catalogs = Record<import('./locales.ts').Locale, Catalog>;
