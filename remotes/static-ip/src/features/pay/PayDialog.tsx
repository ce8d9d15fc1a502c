import { Box, Button, HStack, Skeleton, Text } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  api,
  formatFen,
  PC_CHANNELS,
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
import { PayChannelPicker } from '@portal/shared/ui/forms';
import { DialogSections, StaticDialog } from '../../common/StaticDialog.tsx';
import { invalidateStaticLists } from '../../common/keys.ts';
import { useNow } from '../../common/ticker.ts';
import { useStaticOrderStatus, useStaticPayInfo } from './queries.ts';

/** The PC channels the server offers for this order, in the portal's order. */
export const offeredChannels = (offered: readonly PayChannel[] | undefined): PayChannel[] =>
  offered ? PC_CHANNELS.filter((c) => offered.includes(c)) : [];

/**
 * Paying a static order (a purchase or a renewal): the channel, the total, and "Pay". Alipay opens
 * its page; WeChat Native shows the QR code here. The status is polled meanwhile; once paid the
 * dialog closes and the IPs are shown. An empty `order` keeps the dialog closed.
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
  const [channel, setChannel] = useState<PayChannel>('alipay_pc');
  const payment = usePayment();

  const deadline = payInfo.data?.payDeadline ?? order.payDeadline;
  const current = effectiveStatus({ status: status.data?.status ?? order.status, payDeadline: deadline }, now);
  const amountFen = payInfo.data?.payAmountFen ?? order.amountFen;
  const offered = offeredChannels(payInfo.data?.channels);
  const chosen = offered.includes(channel) ? channel : offered[0];
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
              <FormattedMessage id="static.pay.button" values={{ amount: money }} />
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
          />
        </Box>
      )}

      <ActionFailure message={payment.failure} testId="pay-error" />

      {payable && payment.qr && chosen === 'wx_native' ? (
        <QrPayPanel qr={payment.qr} waiting={<FormattedMessage id="static.pay.waiting" />} compact testId="pay-qr" />
      ) : null}

      {payable ? <PayDeadline timeLeft={formatCountdown(deadline - now)} /> : null}
    </DialogSections>
  );
}
