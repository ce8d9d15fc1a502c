/**
 * The scrollLeft that shows `item` whole inside the horizontally scrolling `strip`, centred when
 * it can be; the current one when it is already in view (no jump on every navigation). Pure
 * geometry, so the strip moves sideways only and the page never scrolls vertically (which
 * `scrollIntoView` would do).
 */
export function scrollLeftToReveal(
  strip: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  /** The item's left edge and width in the strip's scrolled content (offsetLeft/offsetWidth). */
  item: { left: number; width: number },
): number {
  const { scrollLeft, clientWidth, scrollWidth } = strip;
  const inView = item.left >= scrollLeft && item.left + item.width <= scrollLeft + clientWidth;
  if (inView) return scrollLeft;
  const centred = item.left - (clientWidth - item.width) / 2;
  return Math.round(Math.min(Math.max(0, centred), Math.max(0, scrollWidth - clientWidth)));
}
