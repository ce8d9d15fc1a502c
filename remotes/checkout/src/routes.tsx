import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared';
import { plannedPage as planned } from '@portal/shared/ui';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

export const routes: RemoteRoute[] = [
  { path: 'buy', layout: 'default', titleId: 'checkout.buy.title', page: planned('checkout.buy') },
  { path: 'order', layout: 'default', titleId: 'checkout.order.title', page: planned('checkout.order') },
  { path: 'h5', layout: 'empty', titleId: 'checkout.h5.title', page: planned('checkout.h5') },
  { path: 'h5/pay', layout: 'empty', titleId: 'checkout.h5Pay.title', page: planned('checkout.h5Pay') },
  { path: 'h5/fail', layout: 'empty', titleId: 'checkout.h5Fail.title', page: planned('checkout.h5Fail') },
  { path: 'h5/result', layout: 'empty', titleId: 'checkout.h5Result.title', page: planned('checkout.h5Result') },
  { path: 'h5/success', layout: 'empty', titleId: 'checkout.h5Success.title', page: planned('checkout.h5Success') },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
