import { SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { CustomPlanSection } from '@portal/shared/ui';
import { PackagesTable, CustomTiers } from '../../features/catalogue/PriceTables.tsx';
import { useProxyCountries } from '../../features/catalogue/queries.ts';
import { FeatureCard } from '../../features/sections/FeatureCard.tsx';
import { LandingPage } from './LandingPage.tsx';

const TARGETS = [
  { key: 'country', icon: 'globe' },
  { key: 'city', icon: 'pin' },
  { key: 'postcode', icon: 'home' },
  { key: 'isp', icon: 'server' },
] as const;

function Targeting() {
  const countries = useProxyCountries();
  const covered = countries.data?.filter((c) => c.covered).length;
  return (
    <Stack gap={6}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
        {TARGETS.map((t) => (
          <FeatureCard
            key={t.key}
            icon={t.icon}
            title={<FormattedMessage id={`marketing.landing.dynamic.target.${t.key}.title`} />}
          >
            <FormattedMessage id={`marketing.landing.dynamic.target.${t.key}.text`} />
          </FeatureCard>
        ))}
      </SimpleGrid>
      {covered ? (
        <Text color="fg.muted" data-testid="covered-countries">
          <FormattedMessage id="marketing.landing.dynamic.covered" values={{ count: covered }} />
        </Text>
      ) : null}
    </Stack>
  );
}

export default function DynamicLandingPage() {
  return (
    <LandingPage
      kind="dynamic"
      buyPath="/buy"
      from={(p) => p?.dynamicPerGbFen}
      unit="gb"
      highlights={[
        { key: 'pool', icon: 'globe' },
        { key: 'rotation', icon: 'link' },
        { key: 'billing', icon: 'research' },
        { key: 'invalid', icon: 'shield' },
      ]}
      targeting={<Targeting />}
      pricing={
        <Stack gap={10}>
          <PackagesTable />
          <CustomTiers />
          <CustomPlanSection headingLevel="h3" />
        </Stack>
      }
      faqCount={5}
    />
  );
}
