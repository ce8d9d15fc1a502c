import { useQuery } from '@tanstack/react-query';
import { api, callApi } from '@portal/shared';

/** The server's run-time settings for the browser (GET /app-api/system/client-config), asked once per page load. */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'],
    queryFn: () => callApi(api.clientConfigGet, undefined, { silent: true }),
    staleTime: Infinity,
  });
}
