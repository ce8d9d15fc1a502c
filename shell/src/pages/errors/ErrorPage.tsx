import { Button } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { StatusPage, useLocalePath } from '@portal/shared/ui';

export type ErrorKind = '404' | '500' | '403' | 'other';

/** The spec's error pages (404, 500, 403, any other), each with a way back home. */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const to = useLocalePath();
  return (
    <StatusPage
      status={kind === 'other' ? undefined : kind}
      title={<FormattedMessage id={`error.${kind}.title`} />}
      description={<FormattedMessage id={`error.${kind}.description`} />}
      actions={
        <Button asChild colorPalette="brand">
          <Link to={to('/')}>
            <FormattedMessage id="error.home" />
          </Link>
        </Button>
      }
    />
  );
}
