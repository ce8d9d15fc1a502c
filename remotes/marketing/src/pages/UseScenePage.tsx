import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { StaticDuringHydration, useLocalePath } from '@portal/shared/ui';
import { CallToAction } from '../features/sections/CallToAction.tsx';
import { Icon } from '../features/sections/icons.tsx';
import { OverseasNotice } from '../features/sections/OverseasNotice.tsx';
import { PageHero } from '../features/sections/PageHero.tsx';
import { PRODUCT_PATHS, USE_CASES } from '../features/sections/useCases.ts';

/** /use-scene: the six use cases in depth, each with its own anchor (linked from home). */
export default function UseScenePage() {
  const to = useLocalePath();
  const intl = useIntl();
  return (
    <Box>
      <PageHero
        title={<FormattedMessage id="marketing.useScene.heading" />}
        lead={<FormattedMessage id="marketing.useScene.lead" />}
      />
      <Box
        as="nav"
        aria-label={intl.formatMessage({ id: 'marketing.useScene.nav' })}
        borderBottomWidth="1px"
        bg="bg.panel"
        position="sticky"
        top={0}
        zIndex="1"
      >
        <Container maxW="6xl" py={3}>
          <Wrap gap={2}>
            {USE_CASES.map((u) => (
              <Button key={u.key} asChild size="sm" variant="ghost" colorPalette="brand">
                <a href={`#${u.anchor}`}>
                  <FormattedMessage id={`marketing.useCase.${u.key}.title`} />
                </a>
              </Button>
            ))}
          </Wrap>
        </Container>
      </Box>
      <StaticDuringHydration>
        {USE_CASES.map((u, i) => (
          <Box
            as="section"
            key={u.key}
            id={u.anchor}
            aria-labelledby={`${u.anchor}-title`}
            bg={i % 2 ? 'bg.subtle' : undefined}
            py={{ base: 10, md: 16 }}
            scrollMarginTop="56px"
            data-testid="use-case"
          >
            <Container maxW="6xl">
              <SimpleGrid columns={{ base: 1, md: 5 }} gap={{ base: 6, md: 12 }}>
                <Stack gap={4} gridColumn={{ md: 'span 3' }}>
                  <HStack gap={3}>
                    <Box color="brand.fg" bg="brand.subtle" borderRadius="lg" p={2}>
                      <Icon name={u.icon} />
                    </Box>
                    <Heading as="h2" id={`${u.anchor}-title`} size={{ base: 'xl', md: '2xl' }}>
                      <FormattedMessage id={`marketing.useCase.${u.key}.title`} />
                    </Heading>
                  </HStack>
                  <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.75">
                    <FormattedMessage id={`marketing.useCase.${u.key}.p1`} />
                  </Text>
                  <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.75">
                    <FormattedMessage id={`marketing.useCase.${u.key}.p2`} />
                  </Text>
                </Stack>
                <Stack
                  gap={4}
                  gridColumn={{ md: 'span 2' }}
                  borderWidth="1px"
                  borderRadius="xl"
                  p={6}
                  bg="bg.panel"
                  alignSelf="start"
                >
                  <Heading as="h3" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                    <FormattedMessage id="marketing.useScene.howWeHelp" />
                  </Heading>
                  <Stack as="ul" gap={3} listStyleType="none">
                    {[1, 2, 3].map((n) => (
                      <HStack as="li" key={n} gap={2} align="flex-start">
                        <Icon name="check" size="18px" color="green.600" mt="3px" />
                        <Text>
                          <FormattedMessage id={`marketing.useCase.${u.key}.point${n}`} />
                        </Text>
                      </HStack>
                    ))}
                  </Stack>
                  <Button asChild colorPalette="brand" variant="subtle" alignSelf="flex-start">
                    <Link to={to(PRODUCT_PATHS[u.product])}>
                      <FormattedMessage
                        id="marketing.useScene.recommended"
                        values={{ product: <FormattedMessage id={`marketing.product.${u.product}.name`} /> }}
                      />
                    </Link>
                  </Button>
                </Stack>
              </SimpleGrid>
            </Container>
          </Box>
        ))}
      </StaticDuringHydration>
      <CallToAction />
      <OverseasNotice />
    </Box>
  );
}
