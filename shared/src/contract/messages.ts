import type { Locale } from '../i18n/locales.ts';

/**
 * Messages of the contract's own validation rules. A zod message written in a schema has one
 * language, so schemas carry one of these keys as their message and each side translates it: the
 * server in its 400 answers (validation.ts), the front end in its forms (`localizeContractMessage`).
 */
export const contractMessages = {
  'validation.mobile': { en: 'Enter a valid mobile number', 'zh-CN': '请输入正确的手机号码' },
  'validation.email': { en: 'Enter a valid e-mail address', 'zh-CN': '请输入正确的邮箱地址' },
  'validation.mobileOrEmail': {
    en: 'Enter either a mobile number or an e-mail address',
    'zh-CN': '请填写手机号码或邮箱（二选一）',
  },
  'validation.code': { en: 'Enter the 6-digit verification code', 'zh-CN': '请输入 6 位数字验证码' },
  'validation.newPassword': {
    en: 'Use 8–32 characters with at least one letter and one number',
    'zh-CN': '密码需为 8–32 位，且至少包含一个字母和一个数字',
  },
  'validation.agreement': {
    en: 'Please read the Terms of Service and Privacy Policy first',
    'zh-CN': '请先阅读并同意《服务条款》和《隐私政策》',
  },
  'validation.nickname': { en: 'Use 1–30 characters for the nickname', 'zh-CN': '昵称需为 1–30 个字符' },
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
