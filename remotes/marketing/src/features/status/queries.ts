import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useSyncExternalStore } from 'react';
import { api, type ComponentState, type IncidentSeverity, type IncidentState } from '@portal/shared';
import { callApi } from '@portal/shared/browser';

/** The status page's data comes in the caller's language, so the locale is part of the key. */
export const statusKeys = { page: (locale: string) => ['status', locale] as const };

export function useNetworkStatus() {
  const { locale } = useIntl();
  return useQuery({
    queryKey: statusKeys.page(locale),
    queryFn: () => callApi(api.networkStatus),
    staleTime: 10_000,
    // A page left open follows the incident.
    refetchInterval: 60_000,
  });
}

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, true after: times are shown in UTC until then (same markup both sides). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Chakra colour palettes of component states, incident states and severities. */
export const STATE_PALETTE: Record<ComponentState, string> = {
  operational: 'green',
  degraded: 'orange',
  outage: 'red',
  maintenance: 'blue',
};
export const INCIDENT_PALETTE: Record<IncidentState, string> = {
  investigating: 'red',
  identified: 'orange',
  monitoring: 'blue',
  resolved: 'green',
};
export const SEVERITY_PALETTE: Record<IncidentSeverity, string> = { minor: 'yellow', major: 'orange', critical: 'red' };
