import type { RemoteRoutesModule } from '@portal/shared/browser';

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

// One language at a time: a page never downloads the other language's messages (decision 0040).
const messages: RemoteRoutesModule['messages'] = {
  en: () => import('./messages/en.json').then((m) => m.default),
  'zh-CN': () => import('./messages/zh-CN.json').then((m) => m.default),
};

const remote: RemoteRoutesModule = { pages, messages, release: __REMOTE_RELEASE__ };
export default remote;
