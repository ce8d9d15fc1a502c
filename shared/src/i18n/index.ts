export * from './countries.ts';
export * from './locales.ts';
export * from './messages.ts';
export type { Catalog, Catalogs } from './catalog.ts';
export * from './start-locale.ts';
