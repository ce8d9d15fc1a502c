import { alertsApi } from './alerts.ts';
import { apiTokenApi } from './api-tokens.ts';
import { auditApi } from './audit.ts';
import { authApi } from './auth.ts';
import { captchaApi } from './captcha.ts';
import { certificationApi } from './certification.ts';
import { clientConfigApi } from './client-config.ts';
import { commerceApi } from './commerce.ts';
import { contentApi } from './content.ts';
import { invoiceApi } from './invoices.ts';
import { leadApi } from './leads.ts';
import { proxyApi } from './proxy.ts';
import { proxyListLinkApi } from './proxy-list-links.ts';
import { redirectApi } from './redirect.ts';
import { refundApi } from './refunds.ts';
import { sessionApi } from './sessions.ts';
import { staticIpApi } from './static-ip.ts';
import { statusApi } from './status.ts';
import { systemApi } from './system.ts';
import { teamApi } from './teams.ts';
import { twoFactorApi } from './two-factor.ts';
import { usageApi } from './usage.ts';

export * from './alerts.ts';
export * from './api-tokens.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './captcha.ts';
export * from './certification.ts';
export * from './client-config.ts';
export * from './codes.ts';
export * from './commerce.ts';
export * from './content.ts';
export * from './define.ts';
export * from './invoices.ts';
export * from './leads.ts';
export * from './messages.ts';
export * from './primitives.ts';
export * from './proxy.ts';
export * from './proxy-list-links.ts';
export * from './usage.ts';
export * from './redirect.ts';
export * from './refunds.ts';
export * from './sessions.ts';
export * from './static-ip.ts';
export * from './status.ts';
export * from './system.ts';
export * from './teams.ts';
export * from './passkeys.ts';
export * from './two-factor.ts';

/** Every call of the portal. Later modules add their groups here. */
export const api = {
  ...systemApi,
  ...authApi,
  ...sessionApi,
  ...twoFactorApi,
  ...captchaApi,
  ...redirectApi,
  ...clientConfigApi,
  ...certificationApi,
  ...commerceApi,
  ...staticIpApi,
  ...proxyApi,
  ...proxyListLinkApi,
  ...contentApi,
  ...apiTokenApi,
  ...invoiceApi,
  ...refundApi,
  ...alertsApi,
  ...leadApi,
  ...usageApi,
  ...statusApi,
  ...teamApi,
  ...auditApi,
};
export type Api = typeof api;
