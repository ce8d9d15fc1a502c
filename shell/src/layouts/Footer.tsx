import { Box, Link as ChakraLink, Container, Heading, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { ContactList, useLocalePath } from '@portal/shared/ui';
import { useLocalized, useSubstation } from '../support/useSubstation.ts';

const CLAIMS = [
  'footer.claim.ips',
  'footer.claim.targeting',
  'footer.claim.availability',
  'footer.claim.cities',
  'footer.claim.support',
  'footer.claim.sessions',
  'footer.claim.protocols',
];

export function Footer() {
  const site = useSubstation();
  const to = useLocalePath();
  const localized = useLocalized();
  const name = site ? localized(site.name) : '';
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="auto">
      <Container maxW="7xl" py={10}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={8}>
          <Stack gap={2}>
            <Heading as="h2" size="sm">
              <FormattedMessage id="footer.why" />
            </Heading>
            <Stack as="ul" gap={1} fontSize="sm" color="fg.muted" listStyleType="none">
              {CLAIMS.map((id) => (
                <li key={id}>
                  <FormattedMessage id={id} />
                </li>
              ))}
            </Stack>
          </Stack>
          <Stack gap={2}>
            <Heading as="h2" size="sm">
              <FormattedMessage id="footer.contact" />
            </Heading>
            {site ? (
              <>
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id="footer.hours" values={{ hours: localized(site.serviceHours) }} />
                </Text>
                <ContactList contacts={site.contacts} />
              </>
            ) : null}
          </Stack>
          <Stack gap={2} fontSize="sm" color="fg.muted">
            <ChakraLink asChild color="fg" fontWeight="medium" textDecoration="underline" alignSelf="flex-start">
              <Link to={to('/status')} data-testid="footer-status">
                <FormattedMessage id="footer.status" />
              </Link>
            </ChakraLink>
            <Text>
              <FormattedMessage id="footer.notice" />
            </Text>
            {site?.icp ? <Text>{site.icp}</Text> : null}
            <Text>
              <FormattedMessage id="footer.rights" values={{ year: new Date().getUTCFullYear(), name }} />
            </Text>
          </Stack>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
