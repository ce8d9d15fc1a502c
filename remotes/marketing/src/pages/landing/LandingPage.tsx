import { Box, Heading, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { StaticDuringHydration, useLocalePath } from '@portal/shared/ui';
import { useFromPrices } from '../../features/catalogue/queries.ts';
import { CallToAction } from '../../features/sections/CallToAction.tsx';
import { Faq } from '../../features/sections/Faq.tsx';
import { FeatureCard } from '../../features/sections/FeatureCard.tsx';
import { HeroPriceCard } from '../../features/sections/FromPrice.tsx';
import type { IconName } from '../../features/sections/icons.tsx';
import { OverseasNotice } from '../../features/sections/OverseasNotice.tsx';
import { PageHero } from '../../features/sections/PageHero.tsx';
import { Section } from '../../features/sections/Section.tsx';
import { LightButton, OutlineLightButton } from '../../features/sections/DarkButtons.tsx';

export type LandingKind = 'dynamic' | 'static' | 'native';

export interface LandingProps {
  kind: LandingKind;
  /** Where "Buy" goes for this product. */
  buyPath: string;
  /** The "from" price shown in the hero. */
  from: (prices: ReturnType<typeof useFromPrices>['data']) => number | null | undefined;
  unit: 'gb' | 'ipMonth';
  highlights: ReadonlyArray<{ key: string; icon: IconName }>;
  /** Targeting / locations, between "what it is" and pricing. */
  targeting: ReactNode;
  pricing: ReactNode;
  faqCount: number;
  /** Values the FAQ answers interpolate (constants of the product, never copied into copy). */
  faqValues?: Record<string, string | number>;
}

/**
 * One template for the three product landing pages (SPEC section 2): what it is, targeting, pricing
 * from the catalogue, FAQs and a call to buy. Copy lives in `marketing.landing.<kind>.*` messages.
 */
export function LandingPage({ kind, buyPath, from, unit, highlights, targeting, pricing, faqCount, faqValues }: LandingProps) {
  const to = useLocalePath();
  const prices = useFromPrices();
  const m = (key: string) => `marketing.landing.${kind}.${key}`;
  return (
    <Box data-testid={`landing-${kind}`}>
      <PageHero
        eyebrow={<FormattedMessage id={`marketing.product.${kind}.name`} />}
        title={<FormattedMessage id={m('title')} />}
        lead={<FormattedMessage id={m('lead')} />}
        actions={
          <>
            <LightButton asChild>
              <Link to={to(buyPath)} data-testid="landing-buy">
                <FormattedMessage id="marketing.landing.buy" />
              </Link>
            </LightButton>
            <OutlineLightButton asChild>
              <a href="#pricing">
                <FormattedMessage id="marketing.landing.seePricing" />
              </a>
            </OutlineLightButton>
          </>
        }
        aside={
          <HeroPriceCard
            fen={from(prices.data)}
            unit={unit}
            loading={prices.isPending}
            note={<FormattedMessage id={m('priceNote')} />}
          />
        }
      />

      <StaticDuringHydration>
        <Section id="what" title={<FormattedMessage id={m('what.title')} />}>
          <Stack gap={8}>
            <SimpleGrid
              columns={{ base: 1, md: 2 }}
              gap={{ base: 4, md: 10 }}
              color="fg.muted"
              fontSize={{ base: 'md', md: 'lg' }}
              lineHeight="1.75"
            >
              <Text>
                <FormattedMessage id={m('what.p1')} />
              </Text>
              <Text>
                <FormattedMessage id={m('what.p2')} />
              </Text>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
              {highlights.map((h) => (
                <FeatureCard key={h.key} icon={h.icon} title={<FormattedMessage id={m(`highlight.${h.key}.title`)} />}>
                  <FormattedMessage id={m(`highlight.${h.key}.text`)} />
                </FeatureCard>
              ))}
            </SimpleGrid>
          </Stack>
        </Section>
      </StaticDuringHydration>

      <Section
        id="targeting"
        muted
        title={<FormattedMessage id={m('targeting.title')} />}
        intro={<FormattedMessage id={m('targeting.intro')} />}
      >
        {targeting}
      </Section>

      <Section
        id="pricing"
        title={<FormattedMessage id={m('pricing.title')} />}
        intro={<FormattedMessage id={m('pricing.intro')} />}
      >
        {pricing}
      </Section>

      <Section id="faq" muted title={<FormattedMessage id="marketing.landing.faq" />}>
        <Faq prefix={m('faq')} count={faqCount} values={faqValues} />
      </Section>

      <CallToAction buyPath={buyPath} />
      <OverseasNotice />
    </Box>
  );
}

/** A titled block inside a section (one static type, the custom-amount tiers …). */
export function Block({
  title,
  text,
  children,
  testId,
}: {
  title: ReactNode;
  text?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={3} data-testid={testId}>
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      {text ? <Text color="fg.muted">{text}</Text> : null}
      {children}
    </Stack>
  );
}
