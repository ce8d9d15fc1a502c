import type { Db } from '../../db/client.ts';
import { siteSettings } from './tables.ts';

/** The default substation: answers for every host that has no row of its own. */
export const DEFAULT_SITE = {
  domain: 'novaproxy.com',
  isDefault: true,
  name: { en: 'NovaProxy', 'zh-CN': '诺瓦代理' },
  logoUrl: '/logo.svg',
  serviceHours: { en: '24/7', 'zh-CN': '7×24 小时' },
  contacts: [
    { kind: 'phone', value: '+86 400-820-6618', label: { en: 'Phone', 'zh-CN': '客服电话' } },
    { kind: 'email', value: 'support@novaproxy.com', label: { en: 'Email', 'zh-CN': '客服邮箱' } },
    { kind: 'wechat', value: 'NovaProxy_Support', label: { en: 'WeChat', 'zh-CN': '微信客服' } },
    { kind: 'qq', value: '2854361970', label: { en: 'QQ', 'zh-CN': 'QQ 客服' } },
    { kind: 'telegram', value: '@NovaProxySupport', label: { en: 'Telegram', 'zh-CN': 'Telegram 客服' } },
  ],
  // The service is hosted and sold for use outside mainland China (SPEC section 1): no ICP filing.
  icp: null,
} satisfies typeof siteSettings.$inferInsert;

export async function seedSiteSettings(db: Db): Promise<void> {
  await db.insert(siteSettings).values(DEFAULT_SITE).onConflictDoNothing();
}
