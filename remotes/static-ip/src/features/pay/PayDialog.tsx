import { Box, Button, HStack, Skeleton, Text } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '@portal/shared/router';
import {
  api,
  formatFen,
  type PayChannel,
  type StaticOrder,
  StaticOrderStatus,
  StaticOrderType,
  effectiveStatus,
  formatCountdown,
} from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import {
  ActionFailure,
  MessageAlert,
  message,
  PayDeadline,
  PaySandboxNotice,
  QrPayPanel,
  QueryFailure,
  useLocalePath,
  usePayment,
} from '@portal/shared/ui';
import { blockedChannel, InAppPayNotice, OpenInBrowserGuide, PayChannelPicker, usePayDevice } from '@portal/shared/ui/forms';
import { DialogSections, StaticDialog } from '../../common/StaticDialog.tsx';
import { invalidateStaticLists } from '../../common/keys.ts';
import { useNow } from '../../common/ticker.ts';
import { useStaticOrderStatus, useStaticPayInfo } from './queries.ts';

/**
 * Paying a static order (a purchase or a renewal): the channel, the total, and "Pay". The channels
 * are the device's (commerce/pay-channel.ts): on a desktop Alipay opens its page and WeChat Native
 * shows the QR code here; a phone goes to the providers' H5 pages and comes back to the order list.
 * The status is polled meanwhile; once paid the dialog closes and the IPs are shown. Inside WeChat,
 * where Alipay cannot open, "Pay" shows how to open the page in the browser. An empty `order`
 * keeps the dialog closed.
 */
export function PayDialog({ order, onClose }: { order: StaticOrder | null; onClose: () => void }) {
  return (
    <StaticDialog open={order !== null} onClose={onClose} testId="static-pay-dialog" closeOnInteractOutside={false}>
      {order ? <PayBody key={order.id} order={order} onClose={onClose} /> : null}
    </StaticDialog>
  );
}

function PayBody({ order, onClose }: { order: StaticOrder; onClose: () => void }) {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payInfo = useStaticPayInfo(order.id);
  const status = useStaticOrderStatus(order.id);
  const now = useNow();
  const [channel, setChannel] = useState<PayChannel | null>(null);
  const [guide, setGuide] = useState(false);
  const payment = usePayment();

  const deadline = payInfo.data?.payDeadline ?? order.payDeadline;
  const current = effectiveStatus({ status: status.data?.status ?? order.status, payDeadline: deadline }, now);
  const amountFen = payInfo.data?.payAmountFen ?? order.amountFen;
  // Nothing is offered before the server said which channels it takes.
  const { device, channels: offered } = usePayDevice(payInfo.data?.channels ?? []);
  const chosen = channel && offered.includes(channel) ? channel : offered[0];
  const blocked = blockedChannel(chosen, device);
  const money = formatFen(amountFen, intl.locale);

  // Paid: say so, refresh the lists and show the IPs (once, however often the effect runs).
  const handled = useRef<StaticOrderStatus | null>(null);
  const paidStatus = status.data?.status;
  const ipCount = status.data?.ipCount ?? order.count;
  useEffect(() => {
    if (paidStatus === undefined || handled.current === paidStatus) return;
    if (paidStatus === StaticOrderStatus.Success) {
      handled.current = paidStatus;
      const id = order.orderType === StaticOrderType.Renewal ? 'static.pay.renewed' : 'static.pay.paid';
      message('success', intl.formatMessage({ id }, { count: ipCount }));
      void invalidateStaticLists(queryClient);
      onClose();
      navigate(to('/admin/static/management'));
    } else if (paidStatus === StaticOrderStatus.Refunding) {
      handled.current = paidStatus;
      void invalidateStaticLists(queryClient);
    }
  }, [paidStatus, ipCount, order.orderType, intl, queryClient, onClose, navigate, to]);

  const pay = async () => {
    if (!chosen) return;
    if (blocked) {
      setGuide(true);
      return;
    }
    const shown = await payment.start(() => callApi(api.staticPay, { body: { orderId: order.id, channel: chosen } }));
    if (shown) void status.refetch();
  };

  const payable = current === StaticOrderStatus.Pending;

  return (
    <DialogSections
      title={
        <FormattedMessage id={order.orderType === StaticOrderType.Renewal ? 'static.pay.titleRenewal' : 'static.pay.title'} />
      }
      subtitle={
        <Text fontFamily="mono" fontSize="sm" color="fg.muted" data-testid="pay-order-no">
          {order.orderNo}
        </Text>
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id={payable ? 'static.pay.later' : 'static.action.close'} />
          </Button>
          {payable ? (
            <Button
              colorPalette="brand"
              onClick={() => void pay()}
              loading={payment.busy}
              disabled={!chosen || payInfo.isPending}
              data-testid="pay-button"
            >
              {blocked ? (
                <FormattedMessage id="shared.pay.inApp.openButton" />
              ) : (
                <FormattedMessage id="static.pay.button" values={{ amount: money }} />
              )}
            </Button>
          ) : null}
        </>
      }
    >
      {payInfo.data?.sandbox ? <PaySandboxNotice /> : null}
      <HStack justify="space-between" align="baseline">
        <Text color="fg.muted">
          <FormattedMessage id="static.pay.total" />
        </Text>
        <Text fontSize="2xl" fontWeight="bold" color="brand.700" data-testid="pay-amount">
          {money}
        </Text>
      </HStack>

      {current === StaticOrderStatus.Refunding ? (
        <MessageAlert status="error" id="static.order.status.3" description="static.pay.refundingHint" testId="pay-refunding" />
      ) : current === StaticOrderStatus.Closed ? (
        <MessageAlert status="warning" id="static.pay.closed" testId="pay-closed" />
      ) : payInfo.isError ? (
        <QueryFailure onRetry={() => void payInfo.refetch()} />
      ) : payInfo.isPending ? (
        <Skeleton height="88px" borderRadius="l2" aria-busy="true" />
      ) : offered.length === 0 ? (
        <MessageAlert status="warning" id="static.pay.noChannel" testId="pay-no-channel" />
      ) : (
        <Box>
          <Text fontWeight="medium" mb={2} id="static-pay-channel-label">
            <FormattedMessage id="static.pay.method" />
          </Text>
          <PayChannelPicker
            channels={offered}
            value={chosen ?? null}
            onChange={(c) => {
              setChannel(c);
              payment.setFailure(null);
            }}
            labelledBy="static-pay-channel-label"
            size="sm"
            device={device}
          />
        </Box>
      )}
      {payable ? <InAppPayNotice channel={chosen} device={device} onGuide={() => setGuide(true)} /> : null}
      {/* In the new browser, the unpaid order waits in the order list. */}
      {device.inApp ? (
        <OpenInBrowserGuide app={device.inApp} open={guide} onClose={() => setGuide(false)} link={to('/admin/static/list')} />
      ) : null}

      <ActionFailure message={payment.failure} testId="pay-error" />

      {payable && payment.qr && chosen === 'wx_native' ? (
        <QrPayPanel qr={payment.qr} waiting={<FormattedMessage id="static.pay.waiting" />} compact testId="pay-qr" />
      ) : null}

      {payable ? <PayDeadline timeLeft={formatCountdown(deadline - now)} /> : null}
    </DialogSections>
  );
}
