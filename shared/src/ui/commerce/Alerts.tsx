import { Alert } from '../chakra.ts';
import { FormattedMessage } from 'react-intl';

/** Why an action the user started failed (the server's refusal or a generic line), beside its button; nothing when null. */
export function ActionFailure({ message, testId, size }: { message: string | null | undefined; testId?: string; size?: 'sm' }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" size={size} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

/** A fixed message as an alert (sold out, nothing to choose, order closed…), with an optional second line. */
export function MessageAlert({
  status,
  id,
  description,
  testId,
  size,
}: {
  status: 'info' | 'warning' | 'error';
  /** Message id of the title. */
  id: string;
  /** Message id of the line under it. */
  description?: string;
  testId?: string;
  size?: 'sm';
}) {
  const title = (
    <Alert.Title>
      <FormattedMessage id={id} />
    </Alert.Title>
  );
  return (
    <Alert.Root status={status} size={size} data-testid={testId}>
      <Alert.Indicator />
      {description ? (
        <Alert.Content>
          {title}
          <Alert.Description>
            <FormattedMessage id={description} />
          </Alert.Description>
        </Alert.Content>
      ) : (
        title
      )}
    </Alert.Root>
  );
}
