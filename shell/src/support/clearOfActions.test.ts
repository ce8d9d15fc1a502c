import { describe, expect, it } from 'vitest';
import { liftClearOf } from './clearOfActions.ts';

// The button at rest: 1280×800 screen, 24 px from the right and bottom edges.
const home = { top: 728, bottom: 776, left: 1100, right: 1256 };

describe('liftClearOf', () => {
  it('stays home when no action is near', () => {
    expect(liftClearOf(home, [{ top: 300, bottom: 348, left: 900, right: 1240 }])).toBe(0);
    expect(liftClearOf(home, [])).toBe(0);
  });

  it('lifts above a "Buy now" it would cover, with a gap', () => {
    const buyNow = { top: 720, bottom: 768, left: 920, right: 1240 };
    const lift = liftClearOf(home, [buyNow]);
    expect(lift).toBe(776 - 720 + 8);
    expect(home.bottom - lift).toBeLessThanOrEqual(buyNow.top - 8);
  });

  it('keeps the gap: an action just next to it counts as covered', () => {
    expect(liftClearOf(home, [{ top: 780, bottom: 800, left: 900, right: 1240 }])).toBeGreaterThan(0);
  });

  it('climbs over a stack of actions', () => {
    const pay = { top: 730, bottom: 770, left: 1000, right: 1250 };
    const buy = { top: 660, bottom: 716, left: 1000, right: 1250 };
    const lift = liftClearOf(home, [pay, buy]);
    expect(home.bottom - lift).toBeLessThanOrEqual(buy.top - 8);
  });

  it('stays home when actions fill the side up to the top', () => {
    const column = { top: 0, bottom: 800, left: 1000, right: 1280 };
    expect(liftClearOf(home, [column])).toBe(0);
  });
});
