import { hydrate, QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
export { pricesFollowSession } from '@portal/shared/ui';
import type { PortalRouter } from '../routing/router.tsx';
import { AppProviders } from './AppProviders.tsx';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** Starts the cache with the data the server rendered the page with, so nothing is fetched twice. */
export function hydrateQueries(state: unknown): void {
  if (state && typeof state === 'object') hydrate(queryClient, state);
}

export function App({ router }: { router: PortalRouter }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
