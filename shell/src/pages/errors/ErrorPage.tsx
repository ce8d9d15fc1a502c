import { Button } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useNavigation } from '@portal/shared/router';
import { messageToaster, StatusPage, useLocalePath, usePageTitle } from '@portal/shared/ui';

export type ErrorKind = '404' | '500' | '403' | 'other';

/**
 * The spec's error pages (404, 500, 403, any other), each with a way back home and titled as such
 * in the tab. 500 offers to try again: the failed calls are asked afresh and the page is rendered
 * again, without reloading the portal.
 */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const intl = useIntl();
  const to = useLocalePath();
  usePageTitle(intl.formatMessage({ id: `error.${kind}.title` }));
  // The toast of the call that failed says what this page says: the page is the answer.
  useEffect(() => {
    if (kind === '500' || kind === '403') messageToaster.dismiss();
  }, [kind]);
  return (
    <div data-testid="error-page" data-kind={kind} style={{ display: 'contents' }}>
      <StatusPage
        status={kind === 'other' ? undefined : kind}
        title={<FormattedMessage id={`error.${kind}.title`} />}
        description={<FormattedMessage id={`error.${kind}.description`} />}
        actions={
          <>
            {kind === '500' ? <RetryButton /> : null}
            <Button asChild colorPalette="brand" variant={kind === '500' ? 'outline' : 'solid'}>
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

/**
 * Forgets the failed queries (so the page asks again instead of throwing the same error) and
 * navigates to the same place again: a new location is what resets React Router's error boundary
 * (a revalidation can finish inside one transition, and the boundary never sees it).
 */
function RetryButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const retry = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    void navigate(location, { replace: true, state: location.state });
  };
  return (
    <Button colorPalette="brand" onClick={retry} loading={navigation.state !== 'idle'} data-testid="error-retry">
      <FormattedMessage id="error.retry" />
    </Button>
  );
}
