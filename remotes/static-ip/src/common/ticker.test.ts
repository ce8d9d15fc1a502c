import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTicker } from './ticker.ts';

describe('createTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 4, 1, 12));
  });
  afterEach(() => vi.useRealTimers());

  it('runs one timer for every listener and stops with the last', () => {
    const ticker = createTicker(1000);
    const a = vi.fn();
    const b = vi.fn();
    const offA = ticker.subscribe(a);
    const offB = ticker.subscribe(b);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(a).toHaveBeenCalledTimes(3);
    expect(b).toHaveBeenCalledTimes(3);
    offA();
    expect(vi.getTimerCount()).toBe(1);
    offB();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('moves now forward on each tick and keeps it stable between ticks', () => {
    const ticker = createTicker(1000);
    const off = ticker.subscribe(() => {});
    const start = ticker.now();
    vi.advanceTimersByTime(500);
    expect(ticker.now()).toBe(start);
    vi.advanceTimersByTime(500);
    expect(ticker.now()).toBe(start + 1000);
    off();
  });

  it('reads the clock afresh when the first listener comes back', () => {
    const ticker = createTicker(1000);
    ticker.subscribe(() => {})();
    vi.setSystemTime(new Date(2024, 4, 1, 13));
    const off = ticker.subscribe(() => {});
    expect(ticker.now()).toBe(new Date(2024, 4, 1, 13).getTime());
    off();
  });
});
