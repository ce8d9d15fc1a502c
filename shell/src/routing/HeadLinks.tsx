import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { localizePath, splitLocale } from '@portal/shared';

const MARK = 'data-portal-head';

/** hreflang alternates and the canonical URL of the current page (zh-CN canonical has no prefix). */
export function HeadLinks() {
  const { pathname } = useLocation();
  useEffect(() => {
    const { locale } = splitLocale(pathname);
    const origin = window.location.origin;
    const links: Array<[string, string, string | null]> = [
      ['canonical', origin + localizePath(pathname, locale), null],
      ['alternate', origin + localizePath(pathname, 'zh-CN'), 'zh-CN'],
      ['alternate', origin + localizePath(pathname, 'en'), 'en'],
      ['alternate', origin + localizePath(pathname, 'zh-CN'), 'x-default'],
    ];
    for (const old of document.head.querySelectorAll(`link[${MARK}]`)) old.remove();
    for (const [rel, href, hreflang] of links) {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      if (hreflang) link.hreflang = hreflang;
      link.setAttribute(MARK, '');
      document.head.appendChild(link);
    }
  }, [pathname]);
  return null;
}
