import { Alert, Button } from '@portal/shared/chakra';
import { useCallback } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';
import { Checkout } from '../../features/order/Checkout.tsx';
import { parseOrderId, parsePurchase } from '../../features/order/purchase.ts';
import { H5Frame } from './H5Frame.tsx';

/** /h5/pay: review and hand over to Alipay (wap) or WeChat Pay (H5) on the phone. */
export default function H5PayPage() {
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const orderId = parseOrderId(params);
  const purchase = parsePurchase(params);
  const onOrderCreated = useCallback((id: number) => setParams({ id: String(id) }, { replace: true }), [setParams]);
  const onPaid = useCallback((id: number) => navigate(to(`/h5/success?id=${id}`), { replace: true }), [navigate, to]);
  const onClosed = useCallback(
    (id: number) => navigate(to(`/h5/fail?id=${id}&reason=closed`), { replace: true }),
    [navigate, to],
  );
  return (
    <H5Frame titleId="checkout.h5Pay.title">
      {orderId === null && purchase === null ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>
            <FormattedMessage id="checkout.order.nothing" />
          </Alert.Title>
          <Button asChild size="sm" colorPalette="brand" alignSelf="center">
            <Link to={to('/h5')}>
              <FormattedMessage id="checkout.order.choose" />
            </Link>
          </Button>
        </Alert.Root>
      ) : (
        <Checkout
          orderId={orderId}
          purchase={purchase}
          source="h5"
          onOrderCreated={onOrderCreated}
          onPaid={onPaid}
          onClosed={onClosed}
        />
      )}
    </H5Frame>
  );
}
