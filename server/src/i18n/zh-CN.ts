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
  'error.tooManyRequests': '请求过于频繁，请稍后再试',
  'auth.loginFailed': '登录失败',
  'auth.tooManyAttempts': '失败次数过多，请 {minutes} 分钟后再试',
  'auth.captchaRequired': '请先完成安全验证',
  'auth.codeInvalid': '验证码错误或已过期',
  'auth.codeTooSoon': '请等待 {seconds} 秒后再获取验证码',
  'auth.codeDailyLimit': '验证码获取次数过多，请稍后再试',
  'auth.smsUnavailable': '暂时无法发送短信验证码，请使用邮箱',
  'auth.emailUnavailable': '暂时无法发送邮件验证码，请使用手机号码',
  'auth.oldPasswordIncorrect': '当前密码不正确',
  'captcha.failed': '验证失败',
  'message.code.subject': '{site}验证码：{code}',
  'message.code.register': '您的{site}注册验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本消息。',
  'message.code.reset':
    '您正在重置{site}密码，验证码为 {code}，{minutes} 分钟内有效。请勿泄露给他人；如非本人操作，请忽略本消息。',
  'message.accountExists.subject': '您的{site}账户',
  'message.accountExists':
    '有人尝试使用您的联系方式注册新的{site}账户，但您已拥有账户。如为本人操作，请直接登录或使用“忘记密码”；否则请忽略本消息。',
};
