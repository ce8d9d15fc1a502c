import { Alert, Button, Container, Heading, Stack } from '@portal/shared/chakra';
import { useCallback, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Navigate, useSearchParams } from '@portal/shared/router';
import { detectPayDevice } from '@portal/shared/browser';
import { useLocalePath } from '@portal/shared/ui';
import { PaidView } from '../features/order/PaidView.tsx';
import { CheckoutFromUrl, useOrderFromUrl } from '../features/order/order-from-url.tsx';
import { phonePayPath } from '../features/order/purchase.ts';

/**
 * /order: review and pay (PC). `?package=`/`?gb=` for a new order, `?id=` for an existing one. A
 * phone is handed over to /h5/pay with the same order: it pays through the H5 channels.
 */
export default function OrderPage() {
  const [params] = useSearchParams();
  const [handheld] = useState(() => detectPayDevice().handheld);
  const to = useLocalePath();
  if (handheld) return <Navigate to={to(phonePayPath(params))} replace />;
  return <DesktopOrder />;
}

function DesktopOrder() {
  const to = useLocalePath();
  const { params, orderId } = useOrderFromUrl();
  const [outcome, setOutcome] = useState<'paid' | 'closed' | null>(null);

  const onPaid = useCallback(() => setOutcome('paid'), []);
  const onClosed = useCallback(() => setOutcome('closed'), []);

  return (
    <Container maxW="3xl" py={{ base: 6, md: 12 }}>
      <Stack gap={6}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          <FormattedMessage id={outcome === 'paid' ? 'checkout.paid.heading' : 'checkout.order.title'} />
        </Heading>
        {params.get('cancelled') === '1' && outcome === null ? (
          <Alert.Root status="warning" data-testid="pay-cancelled">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="checkout.order.cancelled" />
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {outcome === 'paid' && orderId !== null ? (
          <PaidView orderId={orderId} />
        ) : outcome === 'closed' ? (
          <Alert.Root status="error" data-testid="order-closed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <FormattedMessage id="checkout.order.closed" />
              </Alert.Title>
            </Alert.Content>
            <Button asChild size="sm" colorPalette="brand" alignSelf="center">
              <Link to={to('/buy')}>
                <FormattedMessage id="checkout.order.buyAgain" />
              </Link>
            </Button>
          </Alert.Root>
        ) : (
          <CheckoutFromUrl chooseAt={to('/buy')} source="pc" onPaid={onPaid} onClosed={onClosed} />
        )}
      </Stack>
    </Container>
  );
}
