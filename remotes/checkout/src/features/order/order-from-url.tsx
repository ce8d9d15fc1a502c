import { Alert, Button } from '@portal/shared/chakra';
import { useCallback } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from '@portal/shared/router';
import { Checkout, type CheckoutProps } from './Checkout.tsx';
import { parseOrderId, parsePurchase } from './purchase.ts';

/**
 * The order a pay page (/order, /h5/pay) is about, as its URL says: an existing order (`?id=`) or a
 * choice to order (`?package=` / `?gb=`). Once the order is placed its id replaces the choice in the
 * URL, so a reload or the way back from the provider finds the same order instead of a second one.
 */
export function useOrderFromUrl() {
  const [params, setParams] = useSearchParams();
  const onOrderCreated = useCallback((id: number) => setParams({ id: String(id) }, { replace: true }), [setParams]);
  return { params, orderId: parseOrderId(params), purchase: parsePurchase(params), onOrderCreated };
}

/**
 * The body of a pay page (/order, /h5/pay): the order its URL names, to review and pay; or, when the
 * URL names none, where to choose one (`chooseAt`: `/buy`, or `/h5` on a phone).
 */
export function CheckoutFromUrl({
  chooseAt,
  ...props
}: Pick<CheckoutProps, 'source' | 'onPaid' | 'onClosed'> & { chooseAt: string }) {
  const { orderId, purchase, onOrderCreated } = useOrderFromUrl();
  if (orderId === null && purchase === null) return <NothingToPay chooseAt={chooseAt} />;
  return <Checkout orderId={orderId} purchase={purchase} onOrderCreated={onOrderCreated} {...props} />;
}

function NothingToPay({ chooseAt }: { chooseAt: string }) {
  return (
    <Alert.Root status="info" data-testid="order-nothing" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Title>
        <FormattedMessage id="checkout.order.nothing" />
      </Alert.Title>
      <Button asChild size="sm" colorPalette="brand" alignSelf="center">
        <Link to={chooseAt}>
          <FormattedMessage id="checkout.order.choose" />
        </Link>
      </Button>
    </Alert.Root>
  );
}
