import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared/browser';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

export const routes: RemoteRoute[] = [
  { path: 'buy', layout: 'default', titleId: 'shared.seo.buy.title', page: () => import('./pages/BuyPage.tsx') },
  { path: 'order', layout: 'default', titleId: 'checkout.order.title', page: () => import('./pages/OrderPage.tsx') },
  { path: 'h5', layout: 'empty', titleId: 'checkout.h5.title', page: () => import('./pages/h5/H5BuyPage.tsx') },
  { path: 'h5/pay', layout: 'empty', titleId: 'checkout.h5Pay.title', page: () => import('./pages/h5/H5PayPage.tsx') },
  { path: 'h5/fail', layout: 'empty', titleId: 'checkout.h5Fail.title', page: () => import('./pages/h5/H5FailPage.tsx') },
  {
    path: 'h5/result',
    layout: 'empty',
    titleId: 'checkout.h5Result.title',
    page: () => import('./pages/h5/H5ResultPage.tsx'),
  },
  {
    path: 'h5/success',
    layout: 'empty',
    titleId: 'checkout.h5Success.title',
    page: () => import('./pages/h5/H5SuccessPage.tsx'),
  },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
