import type { RemoteRoutesModule } from '@portal/shared/browser';

// The page of each path routes.json declares (path, layout, access, title, sitemap live there).
export const pages: RemoteRoutesModule['pages'] = {
  '/admin': () => import('./pages/AdminIndex.tsx'),
  '/admin/dashboard': () => import('./pages/dashboard/DashboardPage.tsx'),
  '/admin/account': () => import('./pages/account/AccountPage.tsx'),
  '/admin/auth': () => import('./pages/certification/CertificationChoicePage.tsx'),
  '/admin/auth/company': () => import('./pages/certification/CompanyCertificationPage.tsx'),
  '/admin/auth/personal': () => import('./pages/certification/PersonalCertificationPage.tsx'),
  '/admin/auth/personal/document': () => import('./pages/certification/PersonDocumentPage.tsx'),
  '/admin/auth/company/overseas': () => import('./pages/certification/CompanyDocumentPage.tsx'),
  '/admin/dynamic/buy': () => import('./pages/buy/DynamicBuyPage.tsx'),
  '/admin/dynamic/list': () => import('./pages/orders/OrderListPage.tsx'),
  '/admin/dynamic/records': () => import('./pages/records/DeductRecordsPage.tsx'),
  '/admin/usage': () => import('./pages/usage/UsagePage.tsx'),
  '/admin/account-password-auth': () => import('./pages/proxy/ProxyCredentialsPage.tsx'),
  '/admin/api-tokens': () => import('./pages/api-tokens/ApiTokensPage.tsx'),
  '/admin/audit-log': () => import('./pages/audit/AuditLogPage.tsx'),
  '/admin/help-center': () => import('./pages/help/HelpCenterPage.tsx'),
  '/admin/team/join': () => import('./pages/team/JoinTeamPage.tsx'),
};

// One language at a time: a page never downloads the other language's messages (decision 0040).
const messages: RemoteRoutesModule['messages'] = {
  en: () => import('./messages/en.json').then((m) => m.default),
  'zh-CN': () => import('./messages/zh-CN.json').then((m) => m.default),
};

const remote: RemoteRoutesModule = { pages, messages, release: __REMOTE_RELEASE__ };
export default remote;
