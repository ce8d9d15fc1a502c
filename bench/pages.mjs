// The public pages every bench measures: each page in Chinese (unprefixed) and in English (/en).
const CHINESE = [
  '/',
  '/dynamic-residential-proxies',
  '/static-residential-proxies',
  '/native-residential-proxies',
  '/use-scene',
  '/service',
  '/blog',
  '/blog/python-scraping-with-residential-proxies',
  '/login',
  '/register',
  '/forgot-password',
  '/buy',
];

/** Each Chinese page followed by its English one. */
export const PUBLIC_PAGES = CHINESE.flatMap((p) => [p, p === '/' ? '/en' : `/en${p}`]);

/** The language of a page by its path. */
export const localeOf = (pathname) => (pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'zh-CN');
