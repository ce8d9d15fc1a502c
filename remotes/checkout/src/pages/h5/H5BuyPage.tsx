import { BuyTraffic } from '@portal/shared/ui/forms';
import { H5Frame } from './H5Frame.tsx';

/** /h5: buying on a phone. */
export default function H5BuyPage() {
  return (
    <H5Frame titleId="checkout.h5.title">
      <BuyTraffic next="/h5/pay" compact />
    </H5Frame>
  );
}
