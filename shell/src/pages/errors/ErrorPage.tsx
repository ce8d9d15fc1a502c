import { Button } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useRevalidator } from 'react-router';
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
 * revalidates the route, which is what resets React Router's error boundary.
 */
function RetryButton() {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const retry = () => {
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    void revalidator.revalidate();
  };
  return (
    <Button colorPalette="brand" onClick={retry} loading={revalidator.state === 'loading'} data-testid="error-retry">
      <FormattedMessage id="error.retry" />
    </Button>
  );
}
