import type { Locale } from '../i18n/locales.ts';

/**
 * Messages of the contract's own validation rules. A zod message written in a schema has one
 * language, so schemas carry one of these keys as their message and each side translates it: the
 * server in its 400 answers (validation.ts), the front end in its forms (`localizeContractMessage`).
 */
export const contractMessages = {
  'validation.mobile': { en: 'Enter a valid mobile number', 'zh-CN': '请输入正确的手机号码' },
  'validation.documentType': {
    en: 'Choose the type of document: passport, national ID card, driving licence or other',
    'zh-CN': '请选择证件类型：护照、身份证件、驾驶证或其他',
  },
  'validation.country': { en: 'Choose a country or region', 'zh-CN': '请选择国家或地区' },
  'validation.countryNotMainland': {
    en: 'A company registered in mainland China is certified with its unified social credit code',
    'zh-CN': '在中国大陆注册的企业请使用统一社会信用代码进行企业认证',
  },
  'validation.documentNumber': {
    en: 'Enter the document number as printed (3–40 letters, digits, spaces or hyphens)',
    'zh-CN': '请按证件所印填写证件号码（3–40 位字母、数字、空格或连字符）',
  },
  'validation.documentName': {
    en: 'Enter the full name exactly as on the document (2–100 characters)',
    'zh-CN': '请按证件所印填写姓名（2–100 个字符）',
  },
  'validation.registrationNumber': {
    en: 'Enter the company registration number (3–40 letters, digits, spaces, hyphens or slashes)',
    'zh-CN': '请输入企业注册号（3–40 位字母、数字、空格、连字符或斜杠）',
  },
  'validation.overseasCompanyName': {
    en: 'Enter the registered company name (2–200 characters)',
    'zh-CN': '请输入注册的企业名称（2–200 个字符）',
  },
  'validation.documentFile': {
    en: 'Upload a photo or scan of the document: JPG, PNG or PDF of at most 5 MB',
    'zh-CN': '请上传证件照片或扫描件：不超过 5 MB 的 JPG、PNG 或 PDF 文件',
  },
  'validation.email': { en: 'Enter a valid e-mail address', 'zh-CN': '请输入正确的邮箱地址' },
  'validation.statusProduct': { en: 'Unknown product', 'zh-CN': '未知的产品' },
  'validation.statusRegion': {
    en: 'Give the region as global or a two-letter country code (US)',
    'zh-CN': '地区须为全局或两位大写国家代码',
  },
  'validation.statusState': {
    en: 'State must be operational, degraded, outage or maintenance',
    'zh-CN': '状态须为正常、性能下降、中断或维护之一',
  },
  'validation.statusLink': {
    en: 'This link is incomplete: open it again from the e-mail',
    'zh-CN': '该链接不完整，请从邮件中重新打开',
  },
  'validation.alertThreshold': {
    en: 'Enter a whole number of GB from 1 to 10,000',
    'zh-CN': '请输入 1–10,000 之间的整数（GB）',
  },
  'validation.mobileOrEmail': {
    en: 'Enter either a mobile number or an e-mail address',
    'zh-CN': '请填写手机号码或邮箱（二选一）',
  },
  'validation.invitationToken': {
    en: 'This invitation link is incomplete: open it again from the message',
    'zh-CN': '该邀请链接不完整，请从消息中重新打开',
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
  'validation.totpCode': {
    en: 'Enter the 6-digit code from your authenticator app',
    'zh-CN': '请输入身份验证器应用中的 6 位数字',
  },
  'validation.challenge': {
    en: 'This sign-in has expired. Enter your password again',
    'zh-CN': '本次登录已失效，请重新输入密码',
  },
  'validation.passkeyName': {
    en: 'Give the passkey a name of 1–50 characters',
    'zh-CN': '请为通行密钥填写 1–50 个字符的名称',
  },
  'validation.passkeyResponse': {
    en: 'The passkey answer could not be read. Please try again',
    'zh-CN': '无法读取通行密钥的应答，请重试',
  },
  'validation.secondFactorCode': {
    en: 'Enter the 6-digit code from your authenticator app or a recovery code',
    'zh-CN': '请输入身份验证器应用中的 6 位数字或一个恢复码',
  },
  'validation.path': { en: 'Must be a path starting with /', 'zh-CN': '必须是以 / 开头的路径' },
  'validation.redirectTarget': {
    en: 'Must be a path starting with / or an http(s) URL',
    'zh-CN': '必须是以 / 开头的路径或以 HTTP、HTTPS 开头的网址',
  },
  'validation.realName': { en: 'Enter the real name (2–30 characters)', 'zh-CN': '请输入真实姓名（2–30 个字符）' },
  'validation.idCard': { en: 'The ID card format is incorrect', 'zh-CN': '身份证号码格式不正确' },
  'validation.uscc': { en: 'The unified social credit code is incorrect', 'zh-CN': '统一社会信用代码不正确' },
  'validation.companyName': { en: 'Enter the company name (2–100 characters)', 'zh-CN': '请输入公司名称（2–100 个字符）' },
  'validation.phone': {
    en: 'Enter a mobile number or a landline number with area code (010-12345678)',
    'zh-CN': '请输入手机号码或带区号的座机号码（如 010-12345678）',
  },
  'validation.bankName': { en: 'Enter the bank and branch (2–100 characters)', 'zh-CN': '请输入开户银行及支行（2–100 个字符）' },
  'validation.bankAccount': { en: 'Enter a bank account number of 8–30 digits', 'zh-CN': '请输入 8–30 位数字的银行账号' },
  'validation.registrationAddress': {
    en: 'Enter the registered address (2–200 characters)',
    'zh-CN': '请输入注册地址（2–200 个字符）',
  },
  'validation.businessLicence': {
    en: 'The business licence must be a JPG, PNG or PDF of at most 5 MB',
    'zh-CN': '营业执照须为不超过 5 MB 的 JPG、PNG 或 PDF 文件',
  },
  'validation.taxAddress': { en: 'Enter the tax address (2–200 characters)', 'zh-CN': '请输入税务登记地址（2–200 个字符）' },
  'validation.invoiceTitle': { en: 'Enter the invoice title (2–100 characters)', 'zh-CN': '请输入发票抬头（2–100 个字符）' },
  'validation.taxNumber': {
    en: 'Enter the taxpayer number: an 18-character unified social credit code (or, for a person, the ID card number)',
    'zh-CN': '请输入纳税人识别号：18 位统一社会信用代码（个人可填身份证号码）',
  },
  'validation.packageOrTraffic': {
    en: 'Choose a package or enter an amount of traffic',
    'zh-CN': '请选择套餐或输入流量数量',
  },
  'validation.remark': { en: 'Use at most 200 characters for the remark', 'zh-CN': '备注最多 200 个字符' },
  'validation.staticCount': { en: 'Buy from 1 to 100 IPs at a time', 'zh-CN': '每次可购买 1–100 个 IP' },
  'validation.selectRegion': { en: 'Choose a region', 'zh-CN': '请选择地区' },
  'validation.controlCharacters': {
    en: 'Remove the control characters (invisible characters such as NUL) from this field',
    'zh-CN': '请删除该字段中的控制字符（不可见字符）',
  },
  'validation.allowedIp.format': {
    en: 'Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24',
    'zh-CN': '请输入 IPv4 或 IPv6 地址，或网段（如 203.0.113.0/24）',
  },
  'validation.allowedIp.tooWide': {
    en: 'Ranges may be at most /24 for IPv4 and /48 for IPv6',
    'zh-CN': '网段最大为 IPv4 /24、IPv6 /48',
  },
  'validation.allowedIp.private': {
    en: 'This is a private network address: add the public address your server reaches the internet from',
    'zh-CN': '这是内网地址，请添加服务器访问互联网时使用的公网地址',
  },
  'validation.allowedIp.loopback': {
    en: 'This is a loopback address (this machine itself): add your public address',
    'zh-CN': '这是本机回环地址，请添加您的公网地址',
  },
  'validation.allowedIp.reserved': {
    en: 'This address is reserved (documentation, multicast or special use) and cannot reach the proxy',
    'zh-CN': '这是保留地址（文档、组播或特殊用途），无法用于连接代理',
  },
  'validation.proxyListOptions': {
    en: 'These generator settings cannot make proxy lines: check the targeting, session and number of lines',
    'zh-CN': '这些生成器设置无法生成代理：请检查定位、会话和数量',
  },
  'validation.proxySubName': {
    en: 'Use 3–16 lower-case letters or digits for the sub-account name',
    'zh-CN': '子账号名称需为 3–16 位小写字母或数字',
  },
  'validation.usage.timeZone': { en: 'Choose a time zone from the list', 'zh-CN': '请从列表中选择时区' },
  'validation.usage.range': { en: 'The end of the range must come after its start', 'zh-CN': '结束时间须晚于开始时间' },
  'validation.usage.tooLong': { en: 'Choose a range of at most 90 days', 'zh-CN': '时间范围最长为 90 天' },
  'validation.usage.tooLongHourly': {
    en: 'Hourly figures cover at most 31 days: choose a shorter range or daily figures',
    'zh-CN': '按小时统计最长 31 天，请缩短时间范围或改为按天统计',
  },
  'validation.apiTokenName': {
    en: 'Give the token a name of 1–50 characters',
    'zh-CN': '请为令牌填写 1–50 个字符的名称',
  },
  'validation.apiTokenScopes': {
    en: 'Choose at least one permission',
    'zh-CN': '请至少选择一项权限',
  },
  'validation.leadCompany': {
    en: 'Enter the company or team name (2–100 characters)',
    'zh-CN': '请输入公司或团队名称（2–100 个字符）',
  },
  'validation.leadContactName': { en: 'Enter a contact name (1–50 characters)', 'zh-CN': '请输入联系人姓名（1–50 个字符）' },
  'validation.leadContact': {
    en: 'Enter a mobile number or an e-mail address',
    'zh-CN': '请输入手机号码或邮箱地址',
  },
  'validation.leadContactRequired': {
    en: 'Enter a mobile number or an e-mail address for our reply',
    'zh-CN': '请填写用于接收回复的手机号码或邮箱地址',
  },
  'validation.leadVolume': { en: 'Choose your monthly traffic', 'zh-CN': '请选择每月流量' },
  'validation.leadUseCase': { en: 'Choose a use case', 'zh-CN': '请选择使用场景' },
  'validation.leadMessage': { en: 'Use at most 2000 characters for the message', 'zh-CN': '留言最多 2000 个字符' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ContractMessageKey = keyof typeof contractMessages;

/** The text of a contract message key in `locale`; any other message is returned unchanged. */
export function localizeContractMessage(message: string, locale: Locale): string {
  return Object.hasOwn(contractMessages, message) ? contractMessages[message as ContractMessageKey][locale] : message;
}
