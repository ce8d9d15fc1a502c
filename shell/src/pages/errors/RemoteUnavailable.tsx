import { Button } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import type { RemoteName } from '@portal/shared';
import { StatusPage, useLocalePath } from '@portal/shared/ui';

/**
 * Fallback for a part of the portal whose remote could not load after the runtime's retries.
 * "Try again" reloads the page, which re-reads the registry (ops may have rolled back meanwhile).
 */
export function RemoteUnavailable({ remote }: { remote: RemoteName }) {
  const to = useLocalePath();
  return (
    <div data-remote-unavailable={remote}>
      <StatusPage
        title={<FormattedMessage id="remote.unavailable.title" />}
        description={<FormattedMessage id="remote.unavailable.description" />}
        actions={
          <>
            <Button colorPalette="brand" onClick={() => window.location.reload()}>
              <FormattedMessage id="remote.unavailable.retry" />
            </Button>
            <Button asChild variant="outline">
              <Link to={to('/')}>
                <FormattedMessage id="error.home" />
              </Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
