import type { Catalogs } from './catalog.ts';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

/** Messages of the shared UI kit; the shell merges them into every page's catalog. */
export const sharedMessages: Catalogs = { en, 'zh-CN': zhCN };
