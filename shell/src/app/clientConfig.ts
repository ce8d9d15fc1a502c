import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@portal/shared';
import { callApi, NO_ERROR_PAGE } from '@portal/shared/browser';

/** The server's run-time settings for the browser (GET /app-api/system/client-config), asked once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => callApi(api.clientConfigGet, undefined, { silent: true }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: NO_ERROR_PAGE,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}

/** The same settings outside React: from the cache when a page (or the server's render) already has them. */
export const readClientConfig = (client: QueryClient) => client.ensureQueryData(clientConfigQuery);
