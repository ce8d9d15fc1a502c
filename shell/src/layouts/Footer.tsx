import { Box, Container, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';

export function Footer() {
  const intl = useIntl();
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="auto">
      <Container maxW="7xl" py={8}>
        <Stack gap={2} fontSize="sm" color="fg.muted">
          <Text>
            <FormattedMessage id="footer.claims" />
          </Text>
          <Text>
            <FormattedMessage id="footer.notice" />
          </Text>
          <Text>
            <FormattedMessage
              id="footer.rights"
              values={{ year: new Date().getFullYear(), name: intl.formatMessage({ id: 'site.name' }) }}
            />
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
