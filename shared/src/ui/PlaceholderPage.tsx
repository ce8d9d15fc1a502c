import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';

/**
 * A page whose content a later release delivers. It still states, in both languages, what the
 * page will do, so the route table is real and nobody meets a blank screen.
 */
export function PlaceholderPage({ titleId, descriptionId }: { titleId: string; descriptionId: string }) {
  return (
    <Container maxW="4xl" py={{ base: 10, md: 16 }}>
      <Box borderWidth="1px" borderRadius="xl" p={{ base: 6, md: 10 }} bg="bg.panel">
        <Text fontSize="sm" color="brand.fg" fontWeight="semibold" mb={2}>
          <FormattedMessage id="shared.placeholder.badge" />
        </Text>
        <Heading as="h1" size="2xl" mb={3}>
          <FormattedMessage id={titleId} />
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          <FormattedMessage id={descriptionId} />
        </Text>
      </Box>
    </Container>
  );
}
