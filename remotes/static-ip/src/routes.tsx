import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared/browser';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

const buyPage = () => import('./pages/buy/StaticBuyPage.tsx');
const ordersPage = () => import('./pages/orders/StaticOrdersPage.tsx');
const ipsPage = () => import('./pages/ips/IpManagementPage.tsx');

export const routes: RemoteRoute[] = [
  { path: 'static/buy', layout: 'admin', titleId: 'static.buy.title', page: buyPage },
  { path: 'static/list', layout: 'admin', titleId: 'static.list.title', page: ordersPage },
  { path: 'static/management', layout: 'admin', titleId: 'static.management.title', page: ipsPage },
  // The spec's component paths show the same pages.
  { path: 'static/components/OrderList', layout: 'admin', titleId: 'static.orderList.title', page: ordersPage },
  { path: 'static/components/IPManagement', layout: 'admin', titleId: 'static.ipManagement.title', page: ipsPage },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
