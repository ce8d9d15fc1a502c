import { describe, expect, it } from 'vitest';
import { scrollLeftToReveal } from './revealActive.ts';

const strip = { scrollLeft: 0, clientWidth: 300, scrollWidth: 1200 };

describe('scrollLeftToReveal', () => {
  it('leaves the strip where it is when the item is in view', () => {
    expect(scrollLeftToReveal(strip, { left: 20, width: 80 })).toBe(0);
    expect(scrollLeftToReveal({ ...strip, scrollLeft: 400 }, { left: 500, width: 100 })).toBe(400);
  });

  it('centres an item that is off to the right', () => {
    expect(scrollLeftToReveal(strip, { left: 700, width: 100 })).toBe(600);
  });

  it('centres an item that is off to the left', () => {
    expect(scrollLeftToReveal({ ...strip, scrollLeft: 800 }, { left: 100, width: 100 })).toBe(0);
    expect(scrollLeftToReveal({ ...strip, scrollLeft: 800 }, { left: 400, width: 100 })).toBe(300);
  });

  it('never scrolls past either end', () => {
    expect(scrollLeftToReveal(strip, { left: 1150, width: 50 })).toBe(900);
    expect(scrollLeftToReveal({ ...strip, scrollLeft: 500 }, { left: 10, width: 40 })).toBe(0);
  });

  it('shows a partly hidden item whole', () => {
    expect(scrollLeftToReveal(strip, { left: 260, width: 80 })).toBe(150);
  });
});
