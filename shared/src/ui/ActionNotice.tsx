import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert, Button } from './chakra.ts';
import { Link } from './router.ts';

/**
 * A notice of the member's account with the one thing to do about it (top up, certify): the line and
 * its button side by side, the button below on a narrow phone.
 */
export function ActionNotice({
  status,
  titleId,
  descriptionId,
  descriptionValues,
  action,
  testId,
}: {
  status: 'info' | 'warning';
  titleId?: string;
  descriptionId: string;
  /** Values of the description's placeholders (data such as an incident's title). */
  descriptionValues?: Record<string, ReactNode>;
  /** Absent when the member's role may not do it (decision 0054): the notice informs only. */
  action?: { to: string; labelId: string; variant: 'solid' | 'outline' };
  testId: string;
}) {
  return (
    <Alert.Root status={status} data-testid={testId} flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        {titleId ? (
          <Alert.Title>
            <FormattedMessage id={titleId} />
          </Alert.Title>
        ) : null}
        <Alert.Description>
          <FormattedMessage id={descriptionId} values={descriptionValues} />
        </Alert.Description>
      </Alert.Content>
      {action ? (
        <Button asChild size="sm" variant={action.variant} colorPalette="brand" alignSelf="center" flexShrink={0}>
          <Link to={action.to}>
            <FormattedMessage id={action.labelId} />
          </Link>
        </Button>
      ) : null}
    </Alert.Root>
  );
}
