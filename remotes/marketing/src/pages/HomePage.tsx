import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { StaticDuringHydration, useLocalePath } from '@portal/shared/ui';
import { BlogCard } from '../features/blog/BlogCard.tsx';
import { useBlogPage } from '../features/blog/queries.ts';
import { useFromPrices } from '../features/catalogue/queries.ts';
import { CallToAction } from '../features/sections/CallToAction.tsx';
import { FeatureCard } from '../features/sections/FeatureCard.tsx';
import { FromPrice, HeroPriceCard } from '../features/sections/FromPrice.tsx';
import { Icon, type IconName } from '../features/sections/icons.tsx';
import { OverseasNotice } from '../features/sections/OverseasNotice.tsx';
import { PageHero } from '../features/sections/PageHero.tsx';
import { Section } from '../features/sections/Section.tsx';
import { USE_CASES } from '../features/sections/useCases.ts';
import { LightButton, OutlineLightButton } from '../features/sections/DarkButtons.tsx';
import { lowestPrice } from '../features/catalogue/queries.ts';

// Each figure is a message: Chinese writes 3.5 亿+ and 7×24, not 350M+ and 24/7.
const CLAIMS = [{ key: 'ips' }, { key: 'cities' }, { key: 'availability' }, { key: 'support' }];

const FEATURES: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'targeting', icon: 'pin' },
  { key: 'sessions', icon: 'link' },
  { key: 'protocols', icon: 'plug' },
  { key: 'invalid', icon: 'shield' },
];

export default function HomePage() {
  const to = useLocalePath();
  const prices = useFromPrices();
  const tutorials = useBlogPage(1, 3, 'tutorial');
  const p = prices.data;

  const products = [
    { key: 'dynamic', icon: 'globe', path: '/dynamic-residential-proxies', fen: p?.dynamicPerGbFen, unit: 'gb' },
    {
      key: 'static',
      icon: 'server',
      path: '/static-residential-proxies',
      fen: lowestPrice(p?.datacenterPerIpMonthFen, p?.staticIspPerIpMonthFen, p?.chinaIspPerIpMonthFen),
      unit: 'ipMonth',
    },
    { key: 'native', icon: 'flag', path: '/native-residential-proxies', fen: p?.nativePerIpMonthFen, unit: 'ipMonth' },
  ] as const;

  return (
    <Box>
      <PageHero
        eyebrow="HTTP · HTTPS · SOCKS5"
        title={<FormattedMessage id="marketing.home.title" />}
        lead={<FormattedMessage id="marketing.home.tagline" />}
        actions={
          <>
            <LightButton asChild>
              <Link to={to('/buy')} data-testid="home-buy">
                <FormattedMessage id="marketing.home.buy" />
              </Link>
            </LightButton>
            <OutlineLightButton asChild>
              <Link to={to('/register')} data-testid="home-register">
                <FormattedMessage id="marketing.home.register" />
              </Link>
            </OutlineLightButton>
          </>
        }
        aside={
          <HeroPriceCard
            title={<FormattedMessage id="marketing.home.priceCard" />}
            fen={p?.dynamicPerGbFen}
            unit="gb"
            loading={prices.isPending}
            note={<FormattedMessage id="marketing.home.priceCardNote" />}
          />
        }
      />

      <StaticDuringHydration>
        <Container maxW="6xl" py={{ base: 8, md: 12 }}>
          <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap={{ base: 4, md: 6 }} data-testid="home-claims">
            {CLAIMS.map((c) => (
              <Stack key={c.key} borderWidth="1px" borderRadius="xl" p={{ base: 4, md: 5 }} bg="bg.panel" gap={1}>
                <Text as="dt" color="fg.muted" order={2} fontSize="sm">
                  <FormattedMessage id={`marketing.home.claim.${c.key}`} />
                </Text>
                <Text as="dd" order={1} fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" color="brand.fg">
                  <FormattedMessage id={`marketing.home.claimValue.${c.key}`} />
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </StaticDuringHydration>

      <Section
        id="products"
        title={<FormattedMessage id="marketing.home.products.title" />}
        intro={<FormattedMessage id="marketing.home.products.intro" />}
      >
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={6}>
          {products.map((item) => (
            <Stack
              key={item.key}
              as="article"
              borderWidth="1px"
              borderRadius="2xl"
              p={{ base: 5, md: 7 }}
              gap={4}
              bg="bg.panel"
              data-testid={`product-${item.key}`}
            >
              <HStack gap={3}>
                <Box color="brand.fg" bg="brand.subtle" borderRadius="lg" p={2}>
                  <Icon name={item.icon} />
                </Box>
                <Heading as="h3" size="lg">
                  <FormattedMessage id={`marketing.product.${item.key}.name`} />
                </Heading>
              </HStack>
              <Text color="fg.muted">
                <FormattedMessage id={`marketing.product.${item.key}.pitch`} />
              </Text>
              <Stack as="ul" gap={2} listStyleType="none" fontSize="sm">
                {[1, 2, 3].map((n) => (
                  <HStack as="li" key={n} gap={2} align="flex-start">
                    <Icon name="check" size="18px" color="green.600" mt="2px" />
                    <FormattedMessage id={`marketing.product.${item.key}.point${n}`} />
                  </HStack>
                ))}
              </Stack>
              <Box mt="auto" pt={2}>
                <FromPrice fen={item.fen} unit={item.unit} loading={prices.isPending} />
              </Box>
              <Button asChild variant="outline" colorPalette="brand">
                <Link to={to(item.path)}>
                  <FormattedMessage
                    id="marketing.home.products.more"
                    values={{ name: <FormattedMessage id={`marketing.product.${item.key}.name`} /> }}
                  />
                </Link>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <StaticDuringHydration>
        <Section id="features" muted title={<FormattedMessage id="marketing.home.features.title" />}>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
            {FEATURES.map((f) => (
              <FeatureCard key={f.key} icon={f.icon} title={<FormattedMessage id={`marketing.feature.${f.key}.title`} />}>
                <FormattedMessage id={`marketing.feature.${f.key}.text`} />
              </FeatureCard>
            ))}
          </SimpleGrid>
        </Section>

        <Section
          id="use-cases"
          title={<FormattedMessage id="marketing.home.useCases.title" />}
          intro={<FormattedMessage id="marketing.home.useCases.intro" />}
        >
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={6} data-testid="home-use-cases">
            {USE_CASES.map((u) => (
              <FeatureCard
                key={u.key}
                icon={u.icon}
                title={<FormattedMessage id={`marketing.useCase.${u.key}.title`} />}
                footer={
                  <Link to={`${to('/use-scene')}#${u.anchor}`}>
                    <Text as="span" color="brand.fg" fontWeight="medium" fontSize="sm">
                      <FormattedMessage id={`marketing.useCase.${u.key}.more`} />
                    </Text>
                  </Link>
                }
              >
                <FormattedMessage id={`marketing.useCase.${u.key}.short`} />
              </FeatureCard>
            ))}
          </SimpleGrid>
        </Section>
      </StaticDuringHydration>

      {tutorials.data && tutorials.data.list.length > 0 ? (
        <Section
          id="tutorials"
          muted
          title={<FormattedMessage id="marketing.home.tutorials.title" />}
          intro={<FormattedMessage id="marketing.home.tutorials.intro" />}
        >
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={6}>
            {tutorials.data.list.map((post) => (
              <BlogCard key={post.slug} post={post} headingLevel="h3" />
            ))}
          </SimpleGrid>
          <Box mt={6}>
            <Button asChild variant="outline" colorPalette="brand">
              <Link to={to('/blog')}>
                <FormattedMessage id="marketing.home.tutorials.all" />
              </Link>
            </Button>
          </Box>
        </Section>
      ) : null}

      <CallToAction />
      <OverseasNotice />
    </Box>
  );
}
