import { SimpleGrid, Stack } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { type ResourceType, STATIC_GRACE_DAYS } from '@portal/shared';
import { DurationsTable, RegionList } from '../../features/catalogue/PriceTables.tsx';
import { Block, LandingPage } from './LandingPage.tsx';
import { lowestPrice } from '../../features/catalogue/queries.ts';

/** The static lines of this page: data centre, static ISP and domestic China static ISP (native has its own). */
const TYPES: readonly ResourceType[] = [2, 1, 12];

export default function StaticLandingPage() {
  return (
    <LandingPage
      kind="static"
      buyPath="/admin/static/buy?type=2"
      from={(p) => lowestPrice(p?.staticIspPerIpMonthFen, p?.datacenterPerIpMonthFen, p?.chinaIspPerIpMonthFen)}
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
