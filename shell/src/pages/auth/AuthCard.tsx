import { Alert, Box, Card, Stack } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageHeader, ActionFailure } from '@portal/shared/ui';
import { returnNoticeId } from './destination.ts';

/**
 * The frame of the login, register and forgot-password forms. With `returnPath` (where the visitor
 * was going), a neutral note says why they are here, e.g. that their order waits for them.
 */
export function AuthCard({
  titleId,
  descriptionId,
  failure,
  returnPath = null,
  children,
}: {
  titleId: string;
  descriptionId: string;
  failure: string | null;
  returnPath?: string | null;
  children: ReactNode;
}) {
  return (
    <Box display="flex" justifyContent="center" px={4} py={{ base: 6, md: 14 }}>
      <Card.Root w="full" maxW="md">
        <Card.Body>
          <Stack gap={5}>
            <PageHeader titleId={titleId} descriptionId={descriptionId} />
            {returnPath ? (
              <Alert.Root status="info" data-testid="auth-return-notice">
                <Alert.Indicator />
                <Alert.Title>
                  <FormattedMessage id={returnNoticeId(returnPath)} />
                </Alert.Title>
              </Alert.Root>
            ) : null}
            <ActionFailure message={failure} />
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
