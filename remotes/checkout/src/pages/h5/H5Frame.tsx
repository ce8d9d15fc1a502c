import { Box, Container, Heading, HStack, Stack } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The phone pages' frame ('empty' layout): a slim title bar and one column. */
export function H5Frame({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Box minH="100dvh" bg="bg.subtle">
      <HStack as="header" bg="brand.solid" color="white" px={4} py={3}>
        <Heading as="h1" size="md">
          <FormattedMessage id={titleId} />
        </Heading>
      </HStack>
      <Container maxW="lg" py={4} px={3}>
        <Stack gap={4}>{children}</Stack>
      </Container>
    </Box>
  );
}
