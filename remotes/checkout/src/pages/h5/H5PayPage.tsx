import { useCallback } from 'react';
import { useNavigate } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';
import { CheckoutFromUrl } from '../../features/order/order-from-url.tsx';
import { H5Frame } from './H5Frame.tsx';

/** /h5/pay: review and hand over to Alipay (wap) or WeChat Pay (H5) on the phone. */
export default function H5PayPage() {
  const to = useLocalePath();
  const navigate = useNavigate();
  const onPaid = useCallback((id: number) => navigate(to(`/h5/success?id=${id}`), { replace: true }), [navigate, to]);
  const onClosed = useCallback(
    (id: number) => navigate(to(`/h5/fail?id=${id}&reason=closed`), { replace: true }),
    [navigate, to],
  );
  return (
    <H5Frame titleId="checkout.h5Pay.title">
      <CheckoutFromUrl chooseAt={to('/h5')} source="h5" onPaid={onPaid} onClosed={onClosed} />
    </H5Frame>
  );
}
