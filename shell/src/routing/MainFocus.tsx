import { SkipNavLink } from '@portal/shared/chakra';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from '@portal/shared/router';

/** The id of every layout's `<main>`: where the skip link leads. */
export const MAIN_ID = 'main-content';

const mainHeading = () => document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);

/**
 * Moves focus to the page's h1 (made focusable from script only), or to `<main>` when the page has
 * none. Screen readers read the heading; the document title is set as before.
 */
export function focusMain({ preventScroll = false } = {}): boolean {
  const target = mainHeading() ?? document.getElementById(MAIN_ID);
  if (!target) return false;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll });
  return document.activeElement === target;
}

const EDITING = 'input, textarea, select, [contenteditable="true"], [role="dialog"] *';

/**
 * Calls `then` with the page's h1 once it is there: a remote's page may render its heading after its
 * data or its code arrived. Gives up after `timeoutMs`, or when the visitor has meanwhile put focus
 * somewhere else on their own (never taken away from them).
 */
export function whenHeadingAppears(then: (h1: HTMLElement) => void, timeoutMs = 8000): () => void {
  const startedWith = document.activeElement;
  let done = false;
  const tryNow = () => {
    if (done) return;
    const active = document.activeElement;
    if (active && active !== startedWith && active !== document.body) return stop();
    const h1 = mainHeading();
    if (!h1) return;
    stop();
    then(h1);
  };
  const observer = new MutationObserver(tryNow);
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  tryNow();
  return stop;
}

/**
 * Focus after a client navigation (WCAG 2.4.3): a new page puts focus on its h1, as a full page load
 * would start at the top, instead of leaving it on a link of the page that is gone. Also when a page
 * turns into another under the same address (an order becomes paid and its h1 says so). Not on the
 * first load, and not for a `#hash` (ScrollRestoration takes the visitor there).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (window.location.hash) return;
    return whenHeadingAppears(() => focusMain({ preventScroll: true }));
  }, [pathname]);

  useEffect(() => {
    let seen: { path: string; text: string } | null = null;
    const observer = new MutationObserver(() => {
      const h1 = mainHeading();
      const text = h1?.textContent?.trim() ?? '';
      const path = window.location.pathname;
      const changed = seen !== null && seen.path === path && seen.text !== '' && text !== '' && seen.text !== text;
      seen = { path, text };
      if (changed && !document.activeElement?.matches(EDITING)) focusMain({ preventScroll: true });
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
}

/** The first Tab stop of every page: past the header and navigation, straight to the content. */
export function SkipLink() {
  const intl = useIntl();
  return (
    <SkipNavLink
      id={MAIN_ID}
      zIndex="skipNav"
      colorPalette="brand"
      color="brand.fg"
      boxShadow="md"
      data-testid="skip-link"
      // Focus moves itself: a hash navigation would go through the router and its guard.
      onClick={(e) => {
        e.preventDefault();
        focusMain();
      }}
    >
      {intl.formatMessage({ id: 'a11y.skipToMain' })}
    </SkipNavLink>
  );
}
