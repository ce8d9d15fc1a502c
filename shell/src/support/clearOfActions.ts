/** A box in viewport pixels (DOMRect's fields). */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box, gap: number) =>
  a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap;

/**
 * How far (px) to lift the floating button from its resting place `home` so it covers none of the
 * page's primary actions: above the one it would cover, and again above the next one if that
 * lands it on another. 0 when nothing is under it. When no place above is free (actions up to the
 * top of the screen), it stays home: a page never loses its support button.
 */
export function liftClearOf(home: Box, actions: Box[], gap = 8): number {
  let lift = 0;
  for (let step = 0; step <= actions.length; step++) {
    const at = { ...home, top: home.top - lift, bottom: home.bottom - lift };
    const under = actions.filter((a) => overlaps(at, a, gap));
    if (under.length === 0) return lift;
    lift = home.bottom - Math.min(...under.map((a) => a.top)) + gap;
    if (home.top - lift < 0) return 0;
  }
  return 0;
}
