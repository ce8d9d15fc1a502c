import { Alert, Box, Card, Heading, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

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
            <Stack gap={1}>
              <Heading as="h1" size="2xl">
                <FormattedMessage id={titleId} />
              </Heading>
              <Text color="fg.muted">
                <FormattedMessage id={descriptionId} />
              </Text>
            </Stack>
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
