import type { Catalogs } from './catalog.ts';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

/**
 * Messages of the shared UI kit in both languages, for the server and tests
 * (`@portal/shared/messages`). Kept out of the root entry, which the browser loads: it loads one
 * language with `loadSharedMessages` instead (decision 0040).
 */
export const sharedMessages: Catalogs = { en, 'zh-CN': zhCN };
