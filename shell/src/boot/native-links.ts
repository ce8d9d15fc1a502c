/**
 * A server-rendered link is a real anchor, but once hydration has started React owns the click: a
 * react-router `Link` hydrated inside the event (React hydrates the clicked part first) calls
 * `preventDefault()` and then `navigate()`, which react-router drops while the component's first
 * effects have not run ("navigate() before mount"). The visitor's click did nothing: a blog pager's
 * "Next" tapped on a slow phone stayed on page 1 (issue 41).
 *
 * So until the app is interactive a plain click on a link is the browser's own: the listener on the
 * document (capture, before React's on its root) stops the event from reaching React, and the
 * browser follows the href to a page the server renders in full. Clicks with a modifier, links to
 * another window or a download, and in-page anchors keep their usual path.
 */
let listening: Document | null = null;

function linkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return null;
  if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, link.ownerDocument.baseURI);
  const here = link.ownerDocument.location;
  // A link to this very page and an in-page anchor need no page load.
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) return null;
  return link;
}

function followNatively(event: Event): void {
  if (linkOf(event as MouseEvent)) event.stopPropagation();
}

/** Called first thing by the shell's entry, with the held submits. */
export function nativeLinksUntilInteractive(doc: Document = document): void {
  if (listening) return;
  listening = doc;
  doc.addEventListener('click', followNatively, true);
}

/** Called once the app has committed its first render: from then on the router handles links. */
export function releaseNativeLinks(): void {
  listening?.removeEventListener('click', followNatively, true);
  listening = null;
}
