import { type MouseEvent, type ReactNode, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from './router.ts';

/**
 * Whether the browser is hydrating the server's markup. The shell's boot sets it just before
 * `hydrateRoot` and clears it once the first render is committed; it is never set on the server nor
 * for a page rendered in the browser (client navigations, login-only pages).
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = false;
}

/**
 * A part of a page made of messages, links and styles only, which needs no JavaScript to look right.
 *
 * Rendered on the server and on client navigations as its children. While the browser hydrates the
 * server's answer, it keeps the server's markup as it is (an element whose inner HTML React does not
 * own) instead of rendering and hydrating the children: no component runs, no style is serialised.
 * Hydration is the phone's biggest main-thread cost (issue 29, decision 0041).
 *
 * Its links still navigate in the app (one delegated handler); a link's own handlers (prefetch on
 * intent is delegated by the shell already) are not needed. Once the locale changes the children are
 * rendered for the new locale and stay live. Do not put state, data that changes after the first
 * paint, or controls other than links in one.
 */
export function StaticDuringHydration({ children }: { children: ReactNode }) {
  const { locale } = useIntl();
  const navigate = useNavigate();
  const [kept] = useState(() => (hydrating ? locale : null));
  // Once live (another locale rendered), never frozen again: the server markup is gone.
  const live = useRef(false);
  if (kept !== locale) live.current = true;
  // Keyed apart: going live mounts a new element rather than appending children to the kept markup.
  if (live.current || kept === null)
    return (
      <div key="live" data-static-island="">
        {children}
      </div>
    );

  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    if (link.origin !== window.location.origin) return;
    // An anchor on this page scrolls as the browser does it.
    if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only links inside are handled, with their own semantics
    // biome-ignore lint/a11y/useKeyWithClickEvents: a link's Enter is a click event on the link
    <div
      key="kept"
      data-static-island=""
      onClick={followLink}
      // React leaves inner HTML it does not own as the server wrote it while hydrating.
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}
