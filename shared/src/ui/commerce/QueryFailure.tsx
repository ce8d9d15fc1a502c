import { Alert, Button } from '../chakra.ts';
import { FormattedMessage } from 'react-intl';

/** A query that failed (offline, server error): say so and offer to try again; nothing else on the page is lost. */
export function QueryFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" data-testid="query-failure">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="shared.query.failed" />
        </Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
        <FormattedMessage id="shared.query.retry" />
      </Button>
    </Alert.Root>
  );
}
