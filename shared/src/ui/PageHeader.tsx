import { Heading, Stack, Text } from './chakra.ts';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The page's h1 and what the page is for; `children` (e.g. a status badge) go under the description. */
export function PageHeader({
  titleId,
  descriptionId,
  gap = 1,
  children,
}: {
  titleId: string;
  descriptionId: string;
  gap?: number;
  children?: ReactNode;
}) {
  return (
    <Stack gap={gap}>
      <Heading as="h1" size="2xl">
        <FormattedMessage id={titleId} />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id={descriptionId} />
      </Text>
      {children}
    </Stack>
  );
}
