import { SimpleGrid, Stack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { type ResourceType, STATIC_GRACE_DAYS } from '@portal/shared';
import { DurationsTable, RegionList } from '../../features/catalogue/PriceTables.tsx';
import { Block, LandingPage } from './LandingPage.tsx';

/** The static lines of this page: data centre, static ISP and domestic China static ISP (native has its own). */
const TYPES: readonly ResourceType[] = [2, 1, 12];

const minOf = (...values: Array<number | null | undefined>) => {
  const known = values.filter((v): v is number => typeof v === 'number');
  return known.length ? Math.min(...known) : null;
};

export default function StaticLandingPage() {
  return (
    <LandingPage
      kind="static"
      buyPath="/admin/static/buy?type=2"
      from={(p) => minOf(p?.staticIspPerIpMonthFen, p?.datacenterPerIpMonthFen, p?.chinaIspPerIpMonthFen)}
      unit="ipMonth"
      highlights={[
        { key: 'dedicated', icon: 'shield' },
        { key: 'types', icon: 'server' },
        { key: 'renew', icon: 'clock' },
        { key: 'exchange', icon: 'link' },
      ]}
      targeting={
        <Stack gap={8}>
          {TYPES.map((type) => (
            <Block key={type} title={<FormattedMessage id={`marketing.type.${type}`} />}>
              <RegionList type={type} />
            </Block>
          ))}
        </Stack>
      }
      pricing={
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={8}>
          {TYPES.map((type) => (
            <Block
              key={type}
              title={<FormattedMessage id={`marketing.type.${type}`} />}
              text={<FormattedMessage id={`marketing.type.${type}.text`} />}
              testId={`pricing-type-${type}`}
            >
              <DurationsTable type={type} />
            </Block>
          ))}
        </SimpleGrid>
      }
      faqCount={5}
      faqValues={{ graceDays: STATIC_GRACE_DAYS }}
    />
  );
}
