import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates server-rendered markup, true from then on (and at once in a page the
 * browser renders itself). The server renders for a visitor who is not logged in; what depends on
 * this browser's state (the session) waits for this, so hydration finds the markup it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
