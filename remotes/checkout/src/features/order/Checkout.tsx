import { Alert, Skeleton, Stack } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api,
  formatFen,
  OrderAccountType,
  type OrderSource,
  type PayChannel,
  type Quote,
  RechargeOrderStatus,
  type TrafficPurchase,
} from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { QueryFailure, RoleGate, usePayment } from '@portal/shared/ui';
import { blockedChannel, OpenInBrowserGuide, usePayDevice } from '@portal/shared/ui/forms';
import { OrderSummary } from './OrderSummary.tsx';
import { PayStep } from './PayStep.tsx';
import { QrDialog } from './QrDialog.tsx';
import { orderKeys, useOrder, useOrderStatus, usePayInfo } from './queries.ts';
import { useQuote } from './useQuote.ts';

export interface CheckoutProps {
  /** The order being paid, once it exists (`?id=`). */
  orderId: number | null;
  /** What to order when there is no order yet (`?package=` / `?gb=`). */
  purchase: TrafficPurchase | null;
  source: OrderSource;
  /** Called once with the new order's id, so the page can put it in the URL (reload never orders twice). */
  onOrderCreated: (id: number) => void;
  /** Called when the order is paid (seen through status polling). */
  onPaid: (id: number) => void;
  /** Called when the order turned out closed. */
  onClosed?: (id: number) => void;
}

/**
 * Order and payment (SPEC section 3, order page): traffic, price, validity, enterprise or personal,
 * fee, total, and the channel. "Pay" places the order (priced by the server), then starts the
 * payment: Alipay opens its page; WeChat Native shows the QR code while the status is polled. The
 * channels are the device's (commerce/pay-channel.ts): a phone gets the H5 ones, never a QR code.
 * Inside WeChat, where Alipay cannot open, "Pay" shows how to open the page in the browser instead.
 */
export function Checkout({ orderId, purchase, source, onOrderCreated, onPaid, onClosed }: CheckoutProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [accountType, setAccountType] = useState<OrderAccountType>(OrderAccountType.Personal);
  const [picked, setPicked] = useState<PayChannel | null>(null);
  const [guide, setGuide] = useState(false);
  const payment = usePayment();

  const order = useOrder(orderId);
  const payInfo = usePayInfo(orderId);
  const status = useOrderStatus(orderId, true);
  const draft = useQuote(orderId === null ? purchase : null, accountType);

  const current = status.data?.status ?? order.data?.status;
  useEffect(() => {
    if (orderId === null) return;
    if (current === RechargeOrderStatus.Success) onPaid(orderId);
    else if (current === RechargeOrderStatus.Closed) onClosed?.(orderId);
  }, [current, orderId, onPaid, onClosed]);

  const { device, channels: offered } = usePayDevice(payInfo.data?.channels);
  const channel = picked && offered.includes(picked) ? picked : (offered[0] ?? null);
  const blocked = blockedChannel(channel, device);

  // A placed order is its own quote: the same fields, the same words.
  const quote: Quote | null = order.data ?? draft.quote;

  // Places the order first when there is none yet; a reload then finds it in the URL.
  const pay = () => {
    if (orderId === null && !purchase) return; // nothing to order: the page shows no quote and no button
    if (!channel) return;
    if (blocked) {
      setGuide(true);
      return;
    }
    void payment.start(async () => {
      let id = orderId;
      if (id === null) {
        const created = await callApi(api.rechargeOrderCreate, { body: { ...purchase!, accountType, source } });
        queryClient.setQueryData(orderKeys.info(created.id), created);
        id = created.id;
        onOrderCreated(id);
      }
      return callApi(api.orderPay, { body: { orderId: id, channel } });
    });
  };

  if (order.isError || draft.error) {
    return <QueryFailure onRetry={() => (orderId ? void order.refetch() : draft.retry())} />;
  }
  if (order.isLoading || draft.loading || !quote) {
    if ('outOfRange' in draft && draft.outOfRange) {
      return (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            <FormattedMessage
              id="checkout.order.outOfRange"
              values={{ min: draft.outOfRange.minGb, max: draft.outOfRange.maxGb }}
            />
          </Alert.Title>
        </Alert.Root>
      );
    }
    return <Skeleton height="360px" borderRadius="l3" aria-busy="true" />;
  }

  const total = formatFen(quote.payAmountFen, intl.locale);

  return (
    <Stack gap={5}>
      <OrderSummary
        quote={quote}
        orderNo={order.data?.orderNo ?? null}
        accountType={order.data ? order.data.accountType : accountType}
        onAccountType={setAccountType}
        fixed={orderId !== null}
      />
      <RoleGate permission="buy" testId="checkout-role-limit">
        <PayStep
          channels={offered}
          channel={channel}
          onChannel={setPicked}
          device={device}
          onGuide={() => setGuide(true)}
          sandbox={payInfo.data?.sandbox === true}
          failure={payment.failure}
          deadline={order.data && current === RechargeOrderStatus.Pending ? order.data.payDeadline : null}
          amount={total}
          busy={payment.busy}
          disabled={current === RechargeOrderStatus.Closed || offered.length === 0}
          onPay={pay}
        />
      </RoleGate>
      {device.inApp ? <OpenInBrowserGuide app={device.inApp} open={guide} onClose={() => setGuide(false)} /> : null}
      <QrDialog
        action={payment.qr}
        amount={total}
        deadline={order.data?.payDeadline ?? null}
        onClose={() => payment.setQr(null)}
      />
    </Stack>
  );
}
