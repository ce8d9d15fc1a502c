import { Alert, Button, EmptyState, Flex, HStack, Text, VStack } from '../chakra.ts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../http/client.ts';

/** Previous / next with "Page X of Y" and the total. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Flex
      as="nav"
      aria-label={intl.formatMessage({ id: 'shared.list.pagination' })}
      justify="space-between"
      align="center"
      wrap="wrap"
      gap={3}
    >
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id="shared.list.total" values={{ total }} />
      </Text>
      <HStack gap={2}>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <FormattedMessage id="shared.list.prev" />
        </Button>
        <Text fontSize="sm" aria-live="polite" whiteSpace="nowrap">
          <FormattedMessage id="shared.list.page" values={{ page: Math.min(page, pages), pages }} />
        </Text>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          <FormattedMessage id="shared.list.next" />
        </Button>
      </HStack>
    </Flex>
  );
}

/** A list that could not be loaded: the server's own message when it sent one, and Retry. */
export function LoadFailure({
  error,
  messageId,
  onRetry,
  retrying,
}: {
  error: unknown;
  messageId: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const intl = useIntl();
  const text =
    error instanceof ApiError && error.kind === 'business' && error.message
      ? error.message
      : intl.formatMessage({ id: messageId });
  return (
    <Alert.Root status="error" data-testid="load-failure">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{text}</Alert.Title>
        <Alert.Description>
          <FormattedMessage id="shared.list.retryHint" />
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={onRetry} loading={retrying}>
        <FormattedMessage id="shared.list.retry" />
      </Button>
    </Alert.Root>
  );
}

/** Nothing to list: what that means, and what to do next. */
export function ListEmpty({
  testId,
  titleId,
  descriptionId,
  action,
}: {
  testId: string;
  titleId: string;
  descriptionId: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState.Root data-testid={testId} size="sm" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <EmptyState.Content>
        <VStack textAlign="center" gap={1}>
          <EmptyState.Title>
            <FormattedMessage id={titleId} />
          </EmptyState.Title>
          <EmptyState.Description>
            <FormattedMessage id={descriptionId} />
          </EmptyState.Description>
        </VStack>
        {action}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
