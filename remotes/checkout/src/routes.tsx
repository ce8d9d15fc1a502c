import type { RemoteRoutesModule } from '@portal/shared/browser';

// The page of each path routes.json declares (path, layout, access, title, sitemap live there).
export const pages: RemoteRoutesModule['pages'] = {
  '/buy': () => import('./pages/BuyPage.tsx'),
  '/order': () => import('./pages/OrderPage.tsx'),
  '/h5': () => import('./pages/h5/H5BuyPage.tsx'),
  '/h5/pay': () => import('./pages/h5/H5PayPage.tsx'),
  '/h5/fail': () => import('./pages/h5/H5FailPage.tsx'),
  '/h5/result': () => import('./pages/h5/H5ResultPage.tsx'),
  '/h5/success': () => import('./pages/h5/H5SuccessPage.tsx'),
};

// One language at a time: a page never downloads the other language's messages (decision 0040).
const messages: RemoteRoutesModule['messages'] = {
  en: () => import('./messages/en.json').then((m) => m.default),
  'zh-CN': () => import('./messages/zh-CN.json').then((m) => m.default),
};

const remote: RemoteRoutesModule = { pages, messages, release: __REMOTE_RELEASE__ };
export default remote;
