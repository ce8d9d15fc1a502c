import { splitLocale } from '@portal/shared';
import { routeTable } from '../routing/route-table.ts';
import { ownerOf } from './mounts.ts';
import { prefetchRemoteOf, loadRemoteRoutes } from './remotes.ts';

const started = new Set<string>();

/**
 * Loads what a first visit to the page at `pathname` needs (its remote's manifest, entry and
 * routes, the page's own code and the shared code that page uses) without showing anything; the
 * navigation then finds it all loaded. Once per path; failures are left to the navigation.
 */
export function prefetchPage(pathname: string): void {
  const { path } = splitLocale(pathname);
  const owner = ownerOf(path);
  if (!owner || started.has(path)) return;
  started.add(path);
  prefetchRemoteOf(pathname);
  loadRemoteRoutes(owner)
    .then((remote) => {
      const pattern = routeTable().match(path)?.route.pattern;
      return pattern ? remote.pages[pattern]?.() : undefined;
    })
    .catch(() => {});
}

/**
 * A link into another remote's pages costs a few round trips and that remote's code on its first
 * click. Start them when the user shows the intent to follow it (the pointer reaches the link, it
 * gets keyboard focus, a finger touches it), usually 100–300 ms before the click; nothing is
 * loaded for links nobody reaches for.
 */
export function prefetchOnIntent(root: Document = document): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || link.origin !== window.location.origin || link.target === '_blank') return;
    prefetchPage(link.pathname);
  };
  root.addEventListener('pointerover', onIntent, { passive: true });
  root.addEventListener('focusin', onIntent);
  root.addEventListener('touchstart', onIntent, { passive: true });
}
