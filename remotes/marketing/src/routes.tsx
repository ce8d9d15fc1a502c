import type { RemoteRoute, RemoteRoutesModule } from '@portal/shared/browser';
import en from './messages/en.json';
import zhCN from './messages/zh-CN.json';

// Titles are the shared page metadata (shared.seo.*): the server puts the very same ones into the
// HTML it sends, so what a search engine shows is what the tab shows.
export const routes: RemoteRoute[] = [
  { path: '', layout: 'default', titleId: 'shared.seo.home.title', page: () => import('./pages/HomePage.tsx') },
  { path: 'terms', layout: 'default', titleId: 'shared.seo.terms.title', page: () => import('./pages/legal/TermsPage.tsx') },
  {
    path: 'privacy',
    layout: 'default',
    titleId: 'shared.seo.privacy.title',
    page: () => import('./pages/legal/PrivacyPage.tsx'),
  },
  { path: 'service', layout: 'default', titleId: 'shared.seo.service.title', page: () => import('./pages/ServicePage.tsx') },
  { path: 'use-scene', layout: 'default', titleId: 'shared.seo.useScene.title', page: () => import('./pages/UseScenePage.tsx') },
  { path: 'blog', layout: 'default', titleId: 'shared.seo.blog.title', page: () => import('./pages/blog/BlogListPage.tsx') },
  {
    path: 'blog/:slug',
    layout: 'default',
    titleId: 'shared.seo.blogPost.title',
    page: () => import('./pages/blog/BlogPostPage.tsx'),
  },
  {
    path: 'dynamic-residential-proxies',
    layout: 'default',
    titleId: 'shared.seo.dynamic.title',
    page: () => import('./pages/landing/DynamicLandingPage.tsx'),
  },
  {
    path: 'static-residential-proxies',
    layout: 'default',
    titleId: 'shared.seo.static.title',
    page: () => import('./pages/landing/StaticLandingPage.tsx'),
  },
  {
    path: 'native-residential-proxies',
    layout: 'default',
    titleId: 'shared.seo.native.title',
    page: () => import('./pages/landing/NativeLandingPage.tsx'),
  },
];

const remote: RemoteRoutesModule = { routes, messages: { en, 'zh-CN': zhCN }, release: __REMOTE_RELEASE__ };
export default remote;
