import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { ActionNotice, useLocalePath } from '@portal/shared/ui';

/**
 * An ongoing network incident (decision 0048), newest first, as a notice linking to /status: a member
 * whose proxies fail sees at once that we know. Nothing while loading, on error or when all is well.
 */
export function IncidentNotice() {
  const { locale } = useIntl();
  const to = useLocalePath();
  // The status page's own key and call, so moving between the two reads it once.
  const status = useQuery({
    queryKey: ['status', locale],
    queryFn: () => callApi(api.networkStatus, undefined, { silent: true }),
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
  const incident = status.data?.ongoing[0];
  if (!incident) return null;
  const more = (status.data?.ongoing.length ?? 1) - 1;
  return (
    <ActionNotice
      status="warning"
      titleId="uc.dashboard.incident.title"
      descriptionId="uc.dashboard.incident.description"
      descriptionValues={{ title: incident.title, more }}
      action={{ to: to('/status'), labelId: 'uc.dashboard.incident.action', variant: 'outline' }}
      testId="incident-notice"
    />
  );
}
