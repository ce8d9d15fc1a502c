import { Box, Heading, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';

/** An icon, a short title and a sentence or two: the building block of feature and use-case grids. */
export function FeatureCard({
  icon,
  title,
  children,
  footer,
}: {
  icon: IconName;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Stack as="article" gap={3} borderWidth="1px" borderRadius="xl" p={{ base: 5, md: 6 }} bg="bg.panel" h="full">
      <Box color="brand.fg" bg="brand.subtle" borderRadius="lg" p={2} alignSelf="flex-start">
        <Icon name={icon} />
      </Box>
      <Heading as="h3" size="md">
        {title}
      </Heading>
      <Text color="fg.muted" flex="1">
        {children}
      </Text>
      {footer}
    </Stack>
  );
}
