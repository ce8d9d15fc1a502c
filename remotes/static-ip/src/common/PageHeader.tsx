import { Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';

/** The page's h1 and what the page is for. */
export function PageHeader({ titleId, descriptionId }: { titleId: string; descriptionId: string }) {
  return (
    <Stack gap={1}>
      <Heading as="h1" size="2xl">
        <FormattedMessage id={titleId} />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage id={descriptionId} />
      </Text>
    </Stack>
  );
}
