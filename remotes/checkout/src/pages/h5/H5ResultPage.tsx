import { Button, Spinner, Stack, Text } from '@portal/shared/chakra';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { RechargeOrderStatus } from '@portal/shared';
import { QueryFailure, useLocalePath } from '@portal/shared/ui';
import { parseOrderId } from '../../features/order/purchase.ts';
import { useOrderStatus } from '../../features/order/queries.ts';
import { H5Frame } from './H5Frame.tsx';

/** How long to wait for the provider's notification before offering to check again or pay again. */
const PATIENCE_MS = 20_000;

/** /h5/result: where the payment provider sends the phone back; waits for the payment to arrive. */
export default function H5ResultPage() {
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = parseOrderId(params);
  const status = useOrderStatus(orderId, true);
  const [waitedOut, setWaitedOut] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);

  const state = status.data?.status;
  useEffect(() => {
    if (orderId === null) return;
    if (state === RechargeOrderStatus.Success) navigate(to(`/h5/success?id=${orderId}`), { replace: true });
    else if (state === RechargeOrderStatus.Closed) navigate(to(`/h5/fail?id=${orderId}&reason=closed`), { replace: true });
  }, [state, orderId, navigate, to]);

  return (
    <H5Frame titleId="checkout.h5Result.title">
      {orderId === null ? (
        <Text>
          <FormattedMessage id="checkout.h5.noOrder" />
        </Text>
      ) : status.isError ? (
        <QueryFailure onRetry={() => void status.refetch()} />
      ) : (
        <Stack align="center" textAlign="center" gap={4} py={8} data-testid="h5-result">
          {waitedOut ? null : <Spinner size="xl" color="brand.solid" />}
          <Text fontSize="lg" aria-live="polite">
            <FormattedMessage id={waitedOut ? 'checkout.h5Result.notYet' : 'checkout.h5Result.checking'} />
          </Text>
          {waitedOut ? (
            <Stack width="full" gap={3}>
              <Button colorPalette="brand" onClick={() => void status.refetch()} data-testid="h5-check-again">
                <FormattedMessage id="checkout.h5Result.checkAgain" />
              </Button>
              <Button asChild variant="outline">
                <Link to={to(`/h5/pay?id=${orderId}`)}>
                  <FormattedMessage id="checkout.h5Result.payAgain" />
                </Link>
              </Button>
            </Stack>
          ) : null}
        </Stack>
      )}
    </H5Frame>
  );
}
