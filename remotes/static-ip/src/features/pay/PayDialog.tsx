import { Alert, Box, Button, CloseButton, HStack, Image, Portal, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Dialog, RadioCard } from '@portal/shared/chakra/deferred';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  api,
  formatFen,
  PC_CHANNELS,
  type PayAction,
  type PayChannel,
  type StaticOrder,
  StaticOrderStatus,
  StaticOrderType,
  effectiveStatus,
  formatCountdown,
} from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { message, QueryFailure, useLocalePath } from '@portal/shared/ui';
import { invalidateStaticLists } from '../../common/keys.ts';
import { useNow } from '../../common/ticker.ts';
import { useStaticOrderStatus, useStaticPayInfo } from './queries.ts';

type QrAction = Extract<PayAction, { kind: 'qr' }>;

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
    <Dialog.Root
      open={order !== null}
      onOpenChange={(d) => (d.open ? null : onClose())}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="static-pay-dialog" mx={3}>
            {order ? <PayBody key={order.id} order={order} onClose={onClose} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
  const [qr, setQr] = useState<QrAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

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
    setBusy(true);
    setFailure(null);
    try {
      const action = await callApi(api.staticPay, { body: { orderId: order.id, channel: chosen } });
      if (action.kind === 'redirect') {
        window.location.assign(action.url);
        return; // stay busy while the browser leaves
      }
      setQr(action);
      setBusy(false);
      void status.refetch();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.kind === 'business') setFailure(err.message);
      else if (err instanceof ApiError) setFailure(intl.formatMessage({ id: 'static.pay.failed' }));
      else throw err;
    }
  };

  const payable = current === StaticOrderStatus.Pending;

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>
          <FormattedMessage id={order.orderType === StaticOrderType.Renewal ? 'static.pay.titleRenewal' : 'static.pay.title'} />
        </Dialog.Title>
        <Text fontFamily="mono" fontSize="sm" color="fg.muted" data-testid="pay-order-no">
          {order.orderNo}
        </Text>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          {payInfo.data?.sandbox ? (
            <Alert.Root status="info" size="sm" data-testid="pay-sandbox">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="static.pay.sandbox" />
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <HStack justify="space-between" align="baseline">
            <Text color="fg.muted">
              <FormattedMessage id="static.pay.total" />
            </Text>
            <Text fontSize="2xl" fontWeight="bold" color="brand.700" data-testid="pay-amount">
              {money}
            </Text>
          </HStack>

          {current === StaticOrderStatus.Refunding ? (
            <Alert.Root status="error" data-testid="pay-refunding">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  <FormattedMessage id="static.order.status.3" />
                </Alert.Title>
                <Alert.Description>
                  <FormattedMessage id="static.pay.refundingHint" />
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : current === StaticOrderStatus.Closed ? (
            <Alert.Root status="warning" data-testid="pay-closed">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="static.pay.closed" />
              </Alert.Title>
            </Alert.Root>
          ) : payInfo.isError ? (
            <QueryFailure onRetry={() => void payInfo.refetch()} />
          ) : payInfo.isPending ? (
            <Skeleton height="88px" borderRadius="l2" aria-busy="true" />
          ) : offered.length === 0 ? (
            <Alert.Root status="warning" data-testid="pay-no-channel">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="static.pay.noChannel" />
              </Alert.Title>
            </Alert.Root>
          ) : (
            <Box>
              <Text fontWeight="medium" mb={2} id="static-pay-channel-label">
                <FormattedMessage id="static.pay.method" />
              </Text>
              <RadioCard.Root
                value={chosen ?? null}
                onValueChange={(d) => {
                  setChannel(d.value as PayChannel);
                  setFailure(null);
                }}
                colorPalette="brand"
                size="sm"
                aria-labelledby="static-pay-channel-label"
              >
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
                  {offered.map((c) => (
                    <RadioCard.Item key={c} value={c} data-testid={`channel-${c}`}>
                      <RadioCard.ItemHiddenInput />
                      <RadioCard.ItemControl>
                        <RadioCard.ItemContent>
                          <HStack>
                            <Box
                              aria-hidden="true"
                              w="10px"
                              h="10px"
                              borderRadius="full"
                              bg={c.startsWith('alipay') ? '#1677ff' : '#07c160'}
                            />
                            <RadioCard.ItemText>
                              <FormattedMessage id={`static.channel.${c}`} />
                            </RadioCard.ItemText>
                          </HStack>
                          <RadioCard.ItemDescription>
                            <FormattedMessage id={`static.channel.${c}.hint`} />
                          </RadioCard.ItemDescription>
                        </RadioCard.ItemContent>
                        <RadioCard.ItemIndicator />
                      </RadioCard.ItemControl>
                    </RadioCard.Item>
                  ))}
                </SimpleGrid>
              </RadioCard.Root>
            </Box>
          )}

          {failure ? (
            <Alert.Root status="error" data-testid="pay-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}

          {payable && qr && chosen === 'wx_native' ? (
            <Stack align="center" gap={2} textAlign="center" data-testid="pay-qr">
              <Image
                src={qr.qrImage}
                alt={intl.formatMessage({ id: 'static.pay.qrAlt' })}
                width="200px"
                height="200px"
                data-testid="qr-image"
                data-code-url={qr.codeUrl}
              />
              <Text fontSize="sm">
                <FormattedMessage id="static.pay.qrScan" />
              </Text>
              <HStack color="fg.muted" fontSize="sm" aria-live="polite">
                <Box w="8px" h="8px" borderRadius="full" bg="green.500" aria-hidden="true" />
                <FormattedMessage id="static.pay.waiting" />
              </HStack>
            </Stack>
          ) : null}

          {payable ? (
            <Text fontSize="sm" color="fg.muted" data-testid="pay-deadline">
              <FormattedMessage id="static.pay.deadline" values={{ time: formatCountdown(deadline - now) }} />
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          <FormattedMessage id={payable ? 'static.pay.later' : 'static.action.close'} />
        </Button>
        {payable ? (
          <Button
            colorPalette="brand"
            onClick={() => void pay()}
            loading={busy}
            disabled={!chosen || payInfo.isPending}
            data-testid="pay-button"
          >
            <FormattedMessage id="static.pay.button" values={{ amount: money }} />
          </Button>
        ) : null}
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'static.action.close' })} />
      </Dialog.CloseTrigger>
    </>
  );
}
