import { Box, Container, Heading, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';

/** The opening band of a marketing page: the page's one h1, its promise, and what to do next. */
export function PageHero({
  eyebrow,
  title,
  lead,
  actions,
  aside,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Box
      as="section"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientVia="brand.800"
      gradientTo="brand.600"
      color="white"
      py={{ base: 12, md: 20 }}
    >
      <Container maxW="6xl">
        <Stack direction={{ base: 'column', lg: 'row' }} gap={{ base: 8, lg: 12 }} align={{ lg: 'center' }}>
          <Stack gap={5} flex="1" minW={0}>
            {eyebrow ? (
              <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" color="brand.200" textTransform="uppercase">
                {eyebrow}
              </Text>
            ) : null}
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" letterSpacing="tight">
              {title}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900" maxW="2xl">
              {lead}
            </Text>
            {actions ? (
              <Stack direction={{ base: 'column', sm: 'row' }} gap={3} pt={2}>
                {actions}
              </Stack>
            ) : null}
          </Stack>
          {aside ? <Box flexShrink={0}>{aside}</Box> : null}
        </Stack>
      </Container>
    </Box>
  );
}
