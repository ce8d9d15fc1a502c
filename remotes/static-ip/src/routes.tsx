import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared';
import { plannedPage as planned } from '@portal/shared/ui';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

export const routes: RemoteRoute[] = [
  { path: 'static/buy', layout: 'admin', titleId: 'static.buy.title', page: planned('static.buy') },
  { path: 'static/list', layout: 'admin', titleId: 'static.list.title', page: planned('static.list') },
  { path: 'static/management', layout: 'admin', titleId: 'static.management.title', page: planned('static.management', true) },
  { path: 'static/components/OrderList', layout: 'admin', titleId: 'static.orderList.title', page: planned('static.orderList') },
  {
    path: 'static/components/IPManagement',
    layout: 'admin',
    titleId: 'static.ipManagement.title',
    page: planned('static.ipManagement', true),
  },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
