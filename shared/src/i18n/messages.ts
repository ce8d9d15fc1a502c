import type { Catalog } from './catalog.ts';
import type { Locale } from './locales.ts';

/**
 * Messages of the shared UI kit in one language; the shell merges them into the page's catalog.
 * One language at a time: a page never downloads the other language's messages (decision 0040).
 * Code that needs both at once (the server's head, tests) imports `./shared-messages.ts`.
 */
export function loadSharedMessages(locale: Locale): Promise<Catalog> {
  return locale === 'en'
    ? import('./messages/en.json').then((m) => m.default)
    : import('./messages/zh-CN.json').then((m) => m.default);
}
