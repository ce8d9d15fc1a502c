import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nativeLinksUntilInteractive, releaseNativeLinks } from './native-links.ts';

/** A link inside an app root whose handler does what a hydrated react-router Link does. */
function pager(attributes = '') {
  document.body.innerHTML = `<div id="root"><nav><a href="/en/blog?page=2" ${attributes}><span>Next</span></a></nav></div>`;
  const root = document.getElementById('root') as HTMLElement;
  const routed: string[] = [];
  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    event.preventDefault();
    routed.push(link.getAttribute('href') ?? '');
  });
  return { label: document.querySelector('span') as HTMLElement, routed };
}

/** Dispatches a click; says whether the browser follows the link (nobody prevented its default). */
const click = (target: Element, init: MouseEventInit = {}) => ({
  followed: target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })),
});

// happy-dom follows an unprevented link click through window.open: kept from loading for real.
beforeEach(() => {
  vi.spyOn(window, 'open').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
  releaseNativeLinks();
  document.body.innerHTML = '';
});

describe('links before the app is interactive', () => {
  it('leaves a plain click to the browser: the app never sees it, nothing prevents the page load', () => {
    const { label, routed } = pager();
    nativeLinksUntilInteractive();
    const event = click(label);
    expect(routed).toEqual([]);
    expect(event.followed).toBe(true);
  });

  it('hands links to the app once it is interactive', () => {
    const { label, routed } = pager();
    nativeLinksUntilInteractive();
    releaseNativeLinks();
    const event = click(label);
    expect(routed).toEqual(['/en/blog?page=2']);
    expect(event.followed).toBe(false);
  });

  it('keeps the usual path for a modified click, another window and a download', () => {
    nativeLinksUntilInteractive();
    const modified = pager();
    click(modified.label, { ctrlKey: true });
    expect(modified.routed).toHaveLength(1);
    for (const attributes of ['target="_blank"', 'download']) {
      const other = pager(attributes);
      click(other.label);
      expect(other.routed, attributes).toHaveLength(1);
    }
  });
});
