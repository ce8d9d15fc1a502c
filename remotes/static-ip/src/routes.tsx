import type { RemoteRoutesModule } from '@portal/shared/browser';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

const buyPage = () => import('./pages/buy/StaticBuyPage.tsx');
const ordersPage = () => import('./pages/orders/StaticOrdersPage.tsx');
const ipsPage = () => import('./pages/ips/IpManagementPage.tsx');

// The page of each path routes.json declares (path, layout, access, title, sitemap live there).
export const pages: RemoteRoutesModule['pages'] = {
  '/admin/static/buy': buyPage,
  '/admin/static/list': ordersPage,
  '/admin/static/management': ipsPage,
  // The spec's component paths show the same pages.
  '/admin/static/components/OrderList': ordersPage,
  '/admin/static/components/IPManagement': ipsPage,
};

const remote: RemoteRoutesModule = { pages, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
