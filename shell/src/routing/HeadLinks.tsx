import { useEffect } from 'react';
import { useLocation } from '@portal/shared/router';
import { localizePath, splitLocale } from '@portal/shared';
import { routeTable } from './route-table.ts';

/** Marks the links this component owns; the server marks the ones it writes into index.html the same way. */
const MARK = 'data-portal-head';

let serverOrigin: string | null | undefined;

/**
 * The origin of the server's canonical URLs (PUBLIC_BASE_URL when configured), read from the links
 * it wrote into the first page before they are replaced, so client and server agree; the page's own
 * origin when the server wrote none (the 404 answer, the dev server).
 */
function publicOrigin(): string {
  if (serverOrigin === undefined) {
    const link = document.head.querySelector<HTMLLinkElement>(`link[${MARK}][rel="canonical"], link[${MARK}][hreflang]`);
    try {
      serverOrigin = link ? new URL(link.href).origin : null;
    } catch {
      serverOrigin = null;
    }
  }
  return serverOrigin ?? window.location.origin;
}

/**
 * hreflang alternates and the canonical URL of the current page (zh-CN canonical has no prefix, the
 * query is dropped), kept up to date on client navigation. It replaces the set the server wrote into
 * index.html (modules/seo/head.ts, same URLs) rather than adding a second one; an unknown page has none.
 */
export function HeadLinks() {
  const { pathname } = useLocation();
  useEffect(() => {
    const { locale, path } = splitLocale(pathname);
    const page = routeTable().canonicalPath(path);
    const origin = publicOrigin();
    const links: Array<[string, string, string | null]> =
      page === null
        ? []
        : [
            ['canonical', origin + localizePath(page, locale), null],
            ['alternate', origin + localizePath(page, 'zh-CN'), 'zh-CN'],
            ['alternate', origin + localizePath(page, 'en'), 'en'],
            ['alternate', origin + localizePath(page, 'zh-CN'), 'x-default'],
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
