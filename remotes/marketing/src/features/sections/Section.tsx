import { Box, Container, Heading, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';

/** A titled band of a marketing page; `muted` alternates the background for rhythm. */
export function Section({
  id,
  title,
  intro,
  muted = false,
  children,
}: {
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  muted?: boolean;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      bg={muted ? 'bg.subtle' : undefined}
      py={{ base: 10, md: 16 }}
      scrollMarginTop="64px"
    >
      <Container maxW="6xl">
        <Stack gap={2} mb={{ base: 6, md: 10 }} maxW="3xl">
          <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {title}
          </Heading>
          {intro ? (
            <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
