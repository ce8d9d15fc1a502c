import { Flex, SimpleGrid, Skeleton, Stack } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType, type StaticOrder } from '@portal/shared';
import { QueryFailure, StickyBuyBar } from '@portal/shared/ui';
import { BuySummary } from './BuySummary.tsx';
import { DurationCards, RegionCards } from './BuyChoices.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { type BuyForm, useBuyForm } from './useBuyForm.ts';

/** One resource type on the buy page: region, duration, count, remark, and the order summary. */
export function BuyPanel({ type, onOrdered }: { type: ResourceType; onOrdered: (order: StaticOrder) => void }) {
  const form = useBuyForm(type, onOrdered);
  const { regions, durations } = form;

  if (regions.isError || durations.isError) {
    return <QueryFailure onRetry={() => void Promise.all([regions.refetch(), durations.refetch()])} />;
  }
  if (regions.isPending || durations.isPending) {
    return (
      <Stack gap={4} aria-busy="true">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap={3}>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => (
            <Skeleton key={slot} height="96px" borderRadius="l3" />
          ))}
        </SimpleGrid>
        <Skeleton height="120px" borderRadius="l3" />
      </Stack>
    );
  }

  return (
    <Flex gap={6} direction={{ base: 'column', lg: 'row' }} align="stretch">
      <Stack flex="1" gap={5} minW={0}>
        <RegionCards type={type} regions={regions.data} value={form.region} onChoose={form.chooseRegion} />
        <DurationCards type={type} durations={form.durationList} value={form.duration} onChoose={form.chooseDays} />
        <OrderDetails type={type} form={form} />
        <StaticBuyBar form={form} />
      </Stack>
      <BuySummary type={type} form={form} />
    </Flex>
  );
}

/** Phones and tablets: the total and "Buy now" stay in reach while choosing (shared bar). */
function StaticBuyBar({ form }: { form: BuyForm }) {
  const intl = useIntl();
  return (
    <StickyBuyBar
      testId="static-buy-bar"
      caption={<FormattedMessage id="static.buy.total" />}
      price={form.total === null ? '—' : formatFen(form.total, intl.locale)}
      priceTestId="static-bar-total"
      button={{ label: <FormattedMessage id="static.buy.buyNow" />, testId: 'static-buy-bar-button' }}
      disabled={!form.ready}
      busy={form.busy}
      onBuy={form.buy}
      // The summary card announces the refusal; the bar shows it where the button was pressed.
      note={form.failure}
    />
  );
}
