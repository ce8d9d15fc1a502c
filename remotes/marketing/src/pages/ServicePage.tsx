import { Box, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { openCustomerService } from '@portal/shared/browser';
import { ContactList, QueryFailure, StaticDuringHydration, useLocalePath, useLocalized, useWebsite } from '@portal/shared/ui';
import { LightButton } from '../features/sections/DarkButtons.tsx';
import { Icon, type IconName } from '../features/sections/icons.tsx';
import { OverseasNotice } from '../features/sections/OverseasNotice.tsx';
import { PageHero } from '../features/sections/PageHero.tsx';
import { Section } from '../features/sections/Section.tsx';

function Card({ icon, title, children }: { icon: IconName; title: ReactNode; children: ReactNode }) {
  return (
    <Stack as="article" gap={4} borderWidth="1px" borderRadius="2xl" p={{ base: 5, md: 7 }} bg="bg.panel" h="full">
      <HStack gap={3}>
        <Box color="brand.fg" bg="brand.subtle" borderRadius="lg" p={2}>
          <Icon name={icon} />
        </Box>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </HStack>
      {children}
    </Stack>
  );
}

const SELF_HELP = [
  { key: 'help', path: '/admin/help-center', icon: 'book' },
  { key: 'blog', path: '/blog', icon: 'scraping' },
  { key: 'orders', path: '/admin/dynamic/list', icon: 'ecommerce' },
] as const;

/** /service: every way to reach support (the substation's channels and hours) and where to help oneself. */
export default function ServicePage() {
  const to = useLocalePath();
  const localized = useLocalized();
  const website = useWebsite();
  const site = website.data;
  return (
    <Box>
      <PageHero
        title={<FormattedMessage id="marketing.service.heading" />}
        lead={<FormattedMessage id="marketing.service.lead" />}
        actions={
          <LightButton onClick={openCustomerService} data-testid="service-open-panel">
            <FormattedMessage id="marketing.service.openPanel" />
          </LightButton>
        }
      />
      <Section
        id="channels"
        title={<FormattedMessage id="marketing.service.channels.title" />}
        intro={<FormattedMessage id="marketing.service.channels.intro" />}
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
          <Card icon="headset" title={<FormattedMessage id="marketing.service.contacts" />}>
            {website.isError ? (
              <QueryFailure onRetry={() => void website.refetch()} />
            ) : site ? (
              <Box data-testid="service-contacts">
                <ContactList contacts={site.contacts} />
              </Box>
            ) : (
              <Skeleton height="96px" aria-busy="true" />
            )}
          </Card>
          <Card icon="clock" title={<FormattedMessage id="marketing.service.hours" />}>
            {site ? (
              <Text fontSize="2xl" fontWeight="bold" data-testid="service-hours">
                {localized(site.serviceHours)}
              </Text>
            ) : website.isError ? null : (
              <Skeleton height="36px" width="120px" aria-busy="true" />
            )}
            <Text color="fg.muted">
              <FormattedMessage id="marketing.service.hoursText" />
            </Text>
          </Card>
        </SimpleGrid>
      </Section>
      <StaticDuringHydration>
        <Section id="prepare" muted title={<FormattedMessage id="marketing.service.prepare.title" />}>
          <Stack as="ol" gap={3} ps={5} listStyleType="decimal" fontSize={{ base: 'md', md: 'lg' }}>
            {[1, 2, 3, 4].map((n) => (
              <Text as="li" key={n}>
                <FormattedMessage id={`marketing.service.prepare.${n}`} />
              </Text>
            ))}
          </Stack>
        </Section>
        <Section id="self-help" title={<FormattedMessage id="marketing.service.self.title" />}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={6}>
            {SELF_HELP.map((s) => (
              <Stack key={s.key} borderWidth="1px" borderRadius="xl" p={6} gap={3} bg="bg.panel">
                <Box color="brand.fg">
                  <Icon name={s.icon} />
                </Box>
                <Heading as="h3" size="md">
                  <FormattedMessage id={`marketing.service.self.${s.key}.title`} />
                </Heading>
                <Text color="fg.muted" flex="1">
                  <FormattedMessage id={`marketing.service.self.${s.key}.text`} />
                </Text>
                <Button asChild variant="outline" colorPalette="brand" alignSelf="flex-start">
                  <Link to={to(s.path)}>
                    <FormattedMessage id={`marketing.service.self.${s.key}.action`} />
                  </Link>
                </Button>
              </Stack>
            ))}
          </SimpleGrid>
        </Section>
      </StaticDuringHydration>
      <OverseasNotice />
    </Box>
  );
}
