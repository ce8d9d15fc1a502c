import { DEFAULT_LOCALE, type Locale, matchLanguage } from '@portal/shared';
import { en, type MessageKey } from './en.ts';
import { zhCN } from './zh-CN.ts';

export type { MessageKey };
export type MessageParams = Record<string, string | number>;

export const catalogs: Record<Locale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[locale][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The locale of an Accept-Language header. Tags are tried by descending q (not header order), so
 * `en;q=0.5, zh-CN` picks Chinese; anything that is neither en nor zh gives the default, zh-CN.
 */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.split(';').map((s) => s.trim());
      const q = attrs.find((a) => a.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
  return matchLanguage(tags) ?? DEFAULT_LOCALE;
}
