import type { Locale } from '../i18n/locales.ts';

/**
 * Messages of the contract's own validation rules. A zod message written in a schema has one
 * language, so schemas carry one of these keys as their message and each side translates it: the
 * server in its 400 answers (validation.ts), the front end in its forms (`localizeContractMessage`).
 */
export const contractMessages = {
  'validation.mobile': { en: 'Enter a valid mobile number', 'zh-CN': '请输入正确的手机号码' },
  'validation.path': { en: 'Must be a path starting with /', 'zh-CN': '必须是以 / 开头的路径' },
  'validation.redirectTarget': {
    en: 'Must be a path starting with / or an http(s) URL',
    'zh-CN': '必须是以 / 开头的路径或 http(s) 网址',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ContractMessageKey = keyof typeof contractMessages;

/** The text of a contract message key in `locale`; any other message is returned unchanged. */
export function localizeContractMessage(message: string, locale: Locale): string {
  return Object.hasOwn(contractMessages, message) ? contractMessages[message as ContractMessageKey][locale] : message;
}
