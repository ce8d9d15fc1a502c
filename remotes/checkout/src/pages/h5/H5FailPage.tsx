import { Button, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from '@portal/shared/router';
import { RechargeOrderStatus } from '@portal/shared';
import { useLocalePath } from '@portal/shared/ui';
import { parseOrderId } from '../../features/order/purchase.ts';
import { useOrderStatus } from '../../features/order/queries.ts';
import { H5Frame } from './H5Frame.tsx';

/** /h5/fail: the payment was not made (given up, refused, or the order closed); what to do next. */
export default function H5FailPage() {
  const to = useLocalePath();
  const [params] = useSearchParams();
  const orderId = parseOrderId(params);
  const status = useOrderStatus(orderId, false);
  const closed = params.get('reason') === 'closed' || status.data?.status === RechargeOrderStatus.Closed;
  const paid = status.data?.status === RechargeOrderStatus.Success;
  return (
    <H5Frame titleId="checkout.h5Fail.title">
      <Stack align="center" textAlign="center" gap={4} py={8} data-testid="h5-fail">
        <Text fontSize="5xl" aria-hidden="true" color="red.500" lineHeight="1">
          ✕
        </Text>
        <Text fontSize="lg" fontWeight="semibold">
          <FormattedMessage id={closed ? 'checkout.order.closed' : 'checkout.h5Fail.notPaid'} />
        </Text>
        <Stack width="full" gap={3}>
          {orderId !== null && !closed && !paid ? (
            <Button asChild colorPalette="brand" data-testid="h5-retry">
              <Link to={to(`/h5/pay?id=${orderId}`)}>
                <FormattedMessage id="checkout.h5Fail.retry" />
              </Link>
            </Button>
          ) : null}
          {paid && orderId !== null ? (
            <Button asChild colorPalette="brand">
              <Link to={to(`/h5/success?id=${orderId}`)}>
                <FormattedMessage id="checkout.h5Fail.paidAfterAll" />
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={to('/h5')}>
              <FormattedMessage id="checkout.order.buyAgain" />
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={to('/service')}>
              <FormattedMessage id="checkout.h5Fail.support" />
            </Link>
          </Button>
        </Stack>
      </Stack>
    </H5Frame>
  );
}
