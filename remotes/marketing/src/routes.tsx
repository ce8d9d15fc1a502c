import type { RemoteRoutesModule } from '@portal/shared/browser';

// The page of each path routes.json declares (path, layout, access, title, sitemap live there).
export const pages: RemoteRoutesModule['pages'] = {
  '/': () => import('./pages/HomePage.tsx'),
  '/terms': () => import('./pages/legal/TermsPage.tsx'),
  '/privacy': () => import('./pages/legal/PrivacyPage.tsx'),
  '/service': () => import('./pages/ServicePage.tsx'),
  '/use-scene': () => import('./pages/UseScenePage.tsx'),
  '/blog': () => import('./pages/blog/BlogListPage.tsx'),
  '/blog/:slug': () => import('./pages/blog/BlogPostPage.tsx'),
  '/dynamic-residential-proxies': () => import('./pages/landing/DynamicLandingPage.tsx'),
  '/static-residential-proxies': () => import('./pages/landing/StaticLandingPage.tsx'),
  '/native-residential-proxies': () => import('./pages/landing/NativeLandingPage.tsx'),
  '/status': () => import('./pages/StatusPage.tsx'),
};

// One language at a time: a page never downloads the other language's messages (decision 0040).
const messages: RemoteRoutesModule['messages'] = {
  en: () => import('./messages/en.json').then((m) => m.default),
  'zh-CN': () => import('./messages/zh-CN.json').then((m) => m.default),
};

const remote: RemoteRoutesModule = { pages, messages, release: __REMOTE_RELEASE__ };
export default remote;
