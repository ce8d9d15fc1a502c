import { useSyncExternalStore } from 'react';

/** A clock that ticks for everyone who listens, with a single timer however many listen. */
export interface Ticker {
  subscribe: (listener: () => void) => () => void;
  /** The time of the last tick (stable between ticks, as useSyncExternalStore wants). */
  now: () => number;
}

/**
 * One interval for a whole page: the countdowns of a table each listen to it, so a hundred rows
 * still mean one timer, started with the first listener and stopped with the last.
 */
export function createTicker(periodMs = 1000, clock: () => number = Date.now): Ticker {
  const listeners = new Set<() => void>();
  let current = clock();
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    current = clock();
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (timer === undefined) {
        current = clock();
        timer = setInterval(tick, periodMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    now: () => current,
  };
}

/** The seconds clock of the remote's pages. */
export const secondTicker = createTicker(1000);

/** Now, re-rendering the caller once a second through the shared ticker. */
export function useNow(ticker: Ticker = secondTicker): number {
  return useSyncExternalStore(ticker.subscribe, ticker.now, ticker.now);
}
