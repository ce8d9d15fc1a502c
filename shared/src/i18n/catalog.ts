import type { Locale } from './locales.ts';

/** One language's messages, by id. */
export type Catalog = Record<string, string>;
export type Catalogs = Record<Locale, Catalog>;
