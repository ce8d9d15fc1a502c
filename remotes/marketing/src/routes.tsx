import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared';
import { plannedPage as planned } from '@portal/shared/ui';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

export const routes: RemoteRoute[] = [
  { path: '', layout: 'default', titleId: 'marketing.home.title', page: () => import('./pages/HomePage.tsx') },
  { path: 'terms', layout: 'default', titleId: 'marketing.terms.title', page: () => import('./pages/legal/TermsPage.tsx') },
  { path: 'privacy', layout: 'default', titleId: 'marketing.privacy.title', page: () => import('./pages/legal/PrivacyPage.tsx') },
  { path: 'service', layout: 'default', titleId: 'marketing.service.title', page: planned('marketing.service') },
  { path: 'use-scene', layout: 'default', titleId: 'marketing.useScene.title', page: planned('marketing.useScene') },
  { path: 'blog', layout: 'default', titleId: 'marketing.blog.title', page: planned('marketing.blog') },
  { path: 'blog/:slug', layout: 'default', titleId: 'marketing.blogPost.title', page: planned('marketing.blogPost') },
  {
    path: 'dynamic-residential-proxies',
    layout: 'default',
    titleId: 'marketing.dynamic.title',
    page: planned('marketing.dynamic'),
  },
  { path: 'static-residential-proxies', layout: 'default', titleId: 'marketing.static.title', page: planned('marketing.static') },
  { path: 'native-residential-proxies', layout: 'default', titleId: 'marketing.native.title', page: planned('marketing.native') },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
