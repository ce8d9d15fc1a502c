import { Container, Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedDate, FormattedMessage } from 'react-intl';

/** A legal text of numbered sections, every sentence a catalog message in both languages. */
export function LegalDocument({ prefix, sections, updated }: { prefix: string; sections: number; updated: string }) {
  return (
    <Container as="article" maxW="3xl" py={{ base: 8, md: 14 }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <Heading as="h1" size="3xl">
            <FormattedMessage id={`${prefix}.title`} />
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage
              id="marketing.legal.updated"
              values={{ date: <FormattedDate value={updated} dateStyle="long" timeZone="UTC" /> }}
            />
          </Text>
          <Text fontSize="lg">
            <FormattedMessage id={`${prefix}.intro`} />
          </Text>
        </Stack>
        {Array.from({ length: sections }, (_, i) => `${prefix}.s${i + 1}`).map((key) => (
          <Stack as="section" key={key} gap={2}>
            <Heading as="h2" size="lg">
              <FormattedMessage id={`${key}.title`} />
            </Heading>
            <Text lineHeight="tall">
              <FormattedMessage id={`${key}.body`} />
            </Text>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
