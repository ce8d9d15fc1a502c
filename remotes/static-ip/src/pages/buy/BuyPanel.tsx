import { Button, Flex, HStack, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, type ResourceType, type StaticOrder } from '@portal/shared';
import { primaryAction } from '@portal/shared/browser';
import { QueryFailure } from '@portal/shared/ui';
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
        <StickyBuyBar form={form} />
      </Stack>
      <BuySummary type={type} form={form} />
    </Flex>
  );
}

/**
 * Phones and tablets: the summary card comes after every region and duration, far down; this bar
 * keeps the total and "Buy now" in reach while choosing, and rests after the form.
 */
function StickyBuyBar({ form }: { form: BuyForm }) {
  const intl = useIntl();
  return (
    <Stack
      display={{ base: 'flex', lg: 'none' }}
      position="sticky"
      bottom={0}
      zIndex="docked" // under the sticky header once scrolled past
      bg="bg"
      borderTopWidth="1px"
      boxShadow="0 -4px 12px rgba(0,0,0,0.06)"
      mx={{ base: -4, md: -6 }}
      px={{ base: 4, md: 6 }}
      py={3}
      gap={1}
      data-testid="static-buy-bar"
    >
      <HStack justify="space-between" gap={3}>
        <Stack gap={0} minW={0}>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="static.buy.total" />
          </Text>
          <Text fontWeight="bold" fontSize="lg" color="brand.700" data-testid="static-bar-total">
            {form.total === null ? '—' : formatFen(form.total, intl.locale)}
          </Text>
        </Stack>
        <Button
          colorPalette="brand"
          size="lg"
          flexShrink={0}
          disabled={!form.ready}
          loading={form.busy}
          onClick={form.buy}
          data-testid="static-buy-bar-button"
          {...primaryAction}
        >
          <FormattedMessage id="static.buy.buyNow" />
        </Button>
      </HStack>
      {/* The summary card announces the refusal; the bar shows it where the button was pressed. */}
      {form.failure ? (
        <Text fontSize="sm" color="fg.error">
          {form.failure}
        </Text>
      ) : null}
    </Stack>
  );
}
