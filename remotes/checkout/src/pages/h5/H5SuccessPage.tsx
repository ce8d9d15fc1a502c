import { Text } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from '@portal/shared/router';
import { PaidView } from '../../features/order/PaidView.tsx';
import { parseOrderId } from '../../features/order/purchase.ts';
import { H5Frame } from './H5Frame.tsx';

/** /h5/success: the order is paid and the traffic added. */
export default function H5SuccessPage() {
  const [params] = useSearchParams();
  const orderId = parseOrderId(params);
  return (
    <H5Frame titleId="checkout.h5Success.title">
      {orderId === null ? (
        <Text>
          <FormattedMessage id="checkout.h5.noOrder" />
        </Text>
      ) : (
        <PaidView orderId={orderId} compact />
      )}
    </H5Frame>
  );
}
