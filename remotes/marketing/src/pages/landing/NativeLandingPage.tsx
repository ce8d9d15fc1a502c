import { FormattedMessage } from 'react-intl';
import { DurationsTable, RegionList } from '../../features/catalogue/PriceTables.tsx';
import { Block, LandingPage } from './LandingPage.tsx';

export default function NativeLandingPage() {
  return (
    <LandingPage
      kind="native"
      buyPath="/admin/static/buy?type=3"
      from={(p) => p?.nativePerIpMonthFen}
      unit="ipMonth"
      highlights={[
        { key: 'registered', icon: 'flag' },
        { key: 'platforms', icon: 'ecommerce' },
        { key: 'dedicated', icon: 'shield' },
        { key: 'protocols', icon: 'plug' },
      ]}
      targeting={<RegionList type={3} />}
      pricing={
        <Block
          title={<FormattedMessage id="marketing.type.3" />}
          text={<FormattedMessage id="marketing.type.3.text" />}
          testId="pricing-type-3"
        >
          <DurationsTable type={3} />
        </Block>
      }
      faqCount={5}
    />
  );
}
