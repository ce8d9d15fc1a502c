import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

/** A page that a later release fills in: lazy like every page, and says what it will be. */
const planned =
  (key: string, usesProxy = false): RemoteRoute['page'] =>
  () =>
    import('./pages/PlannedPage.tsx').then(({ PlannedPage }) => ({
      default: () => <PlannedPage messageKey={key} usesProxy={usesProxy} />,
    }));

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
