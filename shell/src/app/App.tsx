import { hydrate, QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@portal/shared/router';
export { pricesFollowSession } from '@portal/shared/ui';
import { throwsToErrorPage } from '../http/page-errors.ts';
import type { PortalRouter } from '../routing/router.tsx';
import { AppProviders } from './AppProviders.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    // A page's data call that fails with a server error or a refusal shows the 500 or 403 page.
    queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false, throwOnError: throwsToErrorPage },
  },
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
