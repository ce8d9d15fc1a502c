import { Button, Container, Heading, Stack, Text } from './chakra.ts';
import type { ReactNode } from 'react';

/** Frame of the error and fallback pages: a big status, a sentence, and the actions. */
export function StatusPage({
  status,
  title,
  description,
  actions,
}: {
  status?: string;
  title: ReactNode;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Container maxW="2xl" py={{ base: 16, md: 24 }} textAlign="center">
      <Stack gap={4} align="center">
        {status ? (
          <Text fontSize={{ base: '5xl', md: '7xl' }} fontWeight="bold" color="brand.solid" lineHeight="1" aria-hidden="true">
            {status}
          </Text>
        ) : null}
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {description}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3} pt={2}>
          {actions}
        </Stack>
      </Stack>
    </Container>
  );
}
export { Button as StatusAction };
