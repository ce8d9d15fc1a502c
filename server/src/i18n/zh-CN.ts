import type { MessageKey } from './en.ts';

export const zhCN: Record<MessageKey, string> = {
  'error.validation': '请求参数有误：{detail}',
  'error.badRequest': '请求无效',
  'error.payloadTooLarge': '请求内容过大',
  'error.unsupportedMediaType': '不支持的内容类型',
  'error.unauthorized': '登录已过期，请重新登录',
  'error.forbidden': '无权访问',
  'error.notFound': '请求的资源不存在',
  'error.server': '服务器错误',
  'site.notConfigured': '站点信息尚未配置',
  'auth.loginFailed': '登录失败',
};
