import { Alert, Box, Card, Stack } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { PageHeader } from '@portal/shared/ui';

/** The frame of the login, register and forgot-password forms. */
export function AuthCard({
  titleId,
  descriptionId,
  failure,
  children,
}: {
  titleId: string;
  descriptionId: string;
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <Box display="flex" justifyContent="center" px={4} py={{ base: 6, md: 14 }}>
      <Card.Root w="full" maxW="md">
        <Card.Body>
          <Stack gap={5}>
            <PageHeader titleId={titleId} descriptionId={descriptionId} />
            {failure ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            ) : null}
            {children}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
