import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared/browser';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

export const routes: RemoteRoute[] = [
  { path: '', layout: 'admin', titleId: 'uc.dashboard.title', page: () => import('./pages/AdminIndex.tsx') },
  {
    path: 'dashboard',
    layout: 'admin',
    titleId: 'uc.dashboard.title',
    page: () => import('./pages/dashboard/DashboardPage.tsx'),
  },
  { path: 'account', layout: 'admin', titleId: 'uc.account.title', page: () => import('./pages/account/AccountPage.tsx') },
  {
    path: 'auth',
    layout: 'admin',
    titleId: 'uc.auth.title',
    page: () => import('./pages/certification/CertificationChoicePage.tsx'),
  },
  {
    path: 'auth/company',
    layout: 'admin',
    titleId: 'uc.authCompany.title',
    page: () => import('./pages/certification/CompanyCertificationPage.tsx'),
  },
  {
    path: 'auth/personal',
    layout: 'admin',
    titleId: 'uc.authPersonal.title',
    page: () => import('./pages/certification/PersonalCertificationPage.tsx'),
  },
  {
    path: 'dynamic/buy',
    layout: 'admin',
    titleId: 'uc.dynamicBuy.title',
    page: () => import('./pages/buy/DynamicBuyPage.tsx'),
  },
  {
    path: 'dynamic/list',
    layout: 'admin',
    titleId: 'uc.dynamicList.title',
    page: () => import('./pages/orders/OrderListPage.tsx'),
  },
  {
    path: 'dynamic/records',
    layout: 'admin',
    titleId: 'uc.dynamicRecords.title',
    page: () => import('./pages/records/DeductRecordsPage.tsx'),
  },
  {
    path: 'account-password-auth',
    layout: 'admin',
    titleId: 'uc.proxyAuth.title',
    page: () => import('./pages/proxy/ProxyCredentialsPage.tsx'),
  },
  { path: 'help-center', layout: 'admin', titleId: 'uc.helpCenter.title', page: () => import('./pages/help/HelpCenterPage.tsx') },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
