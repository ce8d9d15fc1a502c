import { Alert, Badge, Box, Button, Card, HStack, Image, Portal, SimpleGrid, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Dialog, RadioCard } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  api,
  formatFen,
  formatTraffic,
  H5_CHANNELS,
  OrderAccountType,
  type OrderSource,
  PC_CHANNELS,
  type PayAction,
  type PayChannel,
  type Quote,
  quoteCustom,
  quotePackage,
  RechargeOrderStatus,
} from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { QueryFailure } from '@portal/shared/ui';
import type { Purchase } from './purchase.ts';
import { orderKeys, useOrder, useOrderStatus, usePayInfo } from './queries.ts';
import { useCountdown } from './useCountdown.ts';

export interface CheckoutProps {
  /** The order being paid, once it exists (`?id=`). */
  orderId: number | null;
  /** What to order when there is no order yet (`?package=` / `?gb=`). */
  purchase: Purchase | null;
  source: OrderSource;
  /** Called once with the new order's id, so the page can put it in the URL (reload never orders twice). */
  onOrderCreated: (id: number) => void;
  /** Called when the order is paid (seen through status polling). */
  onPaid: (id: number) => void;
  /** Called when the order turned out closed. */
  onClosed?: (id: number) => void;
}

/** The quote of a purchase before an order exists: the shared pricing rules on the server's catalogue. */
function useQuote(purchase: Purchase | null, accountType: OrderAccountType) {
  const pkg = useQuery({
    queryKey: ['catalogue', 'package', purchase?.packageId ?? 0],
    queryFn: () => callApi(api.trafficPackageGet, { query: { id: purchase?.packageId as number } }),
    enabled: purchase?.packageId !== undefined,
  });
  const rule = useQuery({
    queryKey: ['catalogue', 'custom-rule'],
    queryFn: () => callApi(api.flowUnitPrice, { query: {} }),
    enabled: purchase?.trafficGb !== undefined,
    staleTime: 60_000,
  });
  if (!purchase) return { quote: null, loading: false, error: null, retry: () => {} };
  if (purchase.packageId !== undefined) {
    return {
      quote: pkg.data ? quotePackage(pkg.data, accountType) : null,
      loading: pkg.isPending,
      error: pkg.error,
      retry: () => void pkg.refetch(),
    };
  }
  const quote = rule.data ? quoteCustom(rule.data, purchase.trafficGb as number, accountType) : null;
  return {
    quote,
    loading: rule.isPending,
    error: rule.error,
    retry: () => void rule.refetch(),
    outOfRange: rule.data !== undefined && quote === null ? rule.data : null,
  };
}

/**
 * Order and payment (SPEC section 3, order page): traffic, price, validity, enterprise or personal,
 * fee, total, and the channel. "Pay" places the order (priced by the server), then starts the
 * payment: Alipay opens its page; WeChat Native shows the QR code while the status is polled.
 */
export function Checkout({ orderId, purchase, source, onOrderCreated, onPaid, onClosed }: CheckoutProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const channels = source === 'h5' ? H5_CHANNELS : PC_CHANNELS;
  const [accountType, setAccountType] = useState<OrderAccountType>(OrderAccountType.Personal);
  const [channel, setChannel] = useState<PayChannel>(channels[0] as PayChannel);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [qr, setQr] = useState<Extract<PayAction, { kind: 'qr' }> | null>(null);

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

  const offered = payInfo.data ? channels.filter((c) => payInfo.data.channels.includes(c)) : channels;

  const quote: Quote | null = order.data
    ? {
        trafficMb: order.data.trafficMb,
        giftTrafficMb: order.data.giftTrafficMb,
        validityDays: order.data.validityDays,
        priceFen: order.data.rechargeAmountFen,
        feeFen: order.data.feeFen,
        totalFen: order.data.payAmountFen,
      }
    : draft.quote;
  const chosenType = order.data ? order.data.accountType : accountType;

  const pay = async () => {
    setBusy(true);
    setFailure(null);
    try {
      let id = orderId;
      if (id === null) {
        if (!purchase) return;
        const created = await callApi(api.rechargeOrderCreate, { body: { ...purchase, accountType, source } });
        queryClient.setQueryData(orderKeys.info(created.id), created);
        id = created.id;
        onOrderCreated(id);
      }
      const action = await callApi(api.orderPay, { body: { orderId: id, channel } });
      if (action.kind === 'redirect') {
        window.location.assign(action.url);
        return; // stay busy while the browser leaves
      }
      setQr(action);
      setBusy(false);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.kind === 'business') setFailure(err.message);
      else if (err instanceof ApiError) setFailure(intl.formatMessage({ id: 'checkout.pay.failed' }));
      else throw err;
    }
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

  const traffic = (mb: number) => formatTraffic(mb, intl.locale);
  const money = (fen: number) => formatFen(fen, intl.locale);
  const fixed = orderId !== null;

  return (
    <Stack gap={5}>
      <Card.Root data-testid="order-summary">
        <Card.Header>
          <HStack justify="space-between" wrap="wrap">
            <Card.Title as="h2">
              <FormattedMessage id="checkout.order.details" />
            </Card.Title>
            {order.data ? (
              <Text fontFamily="mono" fontSize="sm" color="fg.muted" data-testid="order-no">
                {order.data.orderNo}
              </Text>
            ) : null}
          </HStack>
        </Card.Header>
        <Card.Body gap={3}>
          <Row label="checkout.order.traffic" testId="summary-traffic">
            {traffic(quote.trafficMb)}
            {quote.giftTrafficMb > 0 ? (
              <Badge ms={2} colorPalette="green">
                <FormattedMessage id="checkout.order.gift" values={{ traffic: traffic(quote.giftTrafficMb) }} />
              </Badge>
            ) : null}
          </Row>
          <Row label="checkout.order.price" testId="summary-price">
            {money(quote.priceFen)}
          </Row>
          <Row label="checkout.order.validity">
            <FormattedMessage id="checkout.order.days" values={{ days: quote.validityDays }} />
          </Row>
          <Box>
            <Text color="fg.muted" mb={2} id="account-type-label">
              <FormattedMessage id="checkout.order.accountType" />
            </Text>
            <RadioCard.Root
              value={String(chosenType)}
              onValueChange={(d) => setAccountType(Number(d.value) as OrderAccountType)}
              disabled={fixed}
              colorPalette="brand"
              aria-labelledby="account-type-label"
              size="sm"
            >
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap={3}>
                {[OrderAccountType.Personal, OrderAccountType.Enterprise].map((type) => (
                  <RadioCard.Item key={type} value={String(type)} data-testid={`account-type-${type}`}>
                    <RadioCard.ItemHiddenInput />
                    <RadioCard.ItemControl>
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText>
                          <FormattedMessage id={`checkout.accountType.${type}`} />
                        </RadioCard.ItemText>
                        <RadioCard.ItemDescription>
                          <FormattedMessage id={`checkout.accountType.${type}.hint`} />
                        </RadioCard.ItemDescription>
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </SimpleGrid>
            </RadioCard.Root>
          </Box>
          <Row label="checkout.order.fee" testId="summary-fee">
            {money(quote.feeFen)}
          </Row>
          <Box borderTopWidth="1px" pt={3}>
            <Row label="checkout.order.total" testId="summary-total" strong>
              {money(quote.totalFen)}
            </Row>
          </Box>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Header>
          <Card.Title as="h2" id="channel-label">
            <FormattedMessage id="checkout.pay.method" />
          </Card.Title>
        </Card.Header>
        <Card.Body gap={4}>
          {payInfo.data?.sandbox ? (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage id="checkout.pay.sandbox" />
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <RadioCard.Root
            value={channel}
            onValueChange={(d) => setChannel(d.value as PayChannel)}
            colorPalette="brand"
            aria-labelledby="channel-label"
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
                          <FormattedMessage id={`checkout.channel.${c}`} />
                        </RadioCard.ItemText>
                      </HStack>
                      <RadioCard.ItemDescription>
                        <FormattedMessage id={`checkout.channel.${c}.hint`} />
                      </RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              ))}
            </SimpleGrid>
          </RadioCard.Root>
          {failure ? (
            <Alert.Root status="error" data-testid="pay-error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          ) : null}
          {order.data && current === RechargeOrderStatus.Pending ? <Deadline deadline={order.data.payDeadline} /> : null}
          <Button
            colorPalette="brand"
            size="lg"
            onClick={() => void pay()}
            loading={busy}
            disabled={current === RechargeOrderStatus.Closed || offered.length === 0}
            data-testid="pay-button"
          >
            <FormattedMessage id="checkout.pay.button" values={{ amount: money(quote.totalFen) }} />
          </Button>
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="checkout.pay.terms" />
          </Text>
          <Seller />
        </Card.Body>
      </Card.Root>

      <QrDialog
        action={qr}
        amount={money(quote.totalFen)}
        deadline={order.data?.payDeadline ?? null}
        onClose={() => setQr(null)}
      />
    </Stack>
  );
}

function Row({
  label,
  children,
  strong = false,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <HStack justify="space-between" align="center">
      <Text color="fg.muted">
        <FormattedMessage id={label} />
      </Text>
      <Text
        fontWeight={strong ? 'bold' : 'medium'}
        fontSize={strong ? 'xl' : 'md'}
        color={strong ? 'brand.700' : undefined}
        data-testid={testId}
      >
        {children}
      </Text>
    </HStack>
  );
}

/** Who sells and supports the order (the substation or agent), from the supplier call. */
function Seller() {
  const intl = useIntl();
  const supplier = useQuery({ queryKey: ['supplier'], queryFn: () => callApi(api.supplierGet), staleTime: 300_000 });
  if (!supplier.data) return null;
  const locale = intl.locale === 'en' ? 'en' : 'zh-CN';
  const contact = supplier.data.contacts[0];
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="seller">
      <FormattedMessage
        id="checkout.pay.seller"
        values={{
          name: supplier.data.name[locale],
          hours: supplier.data.serviceHours[locale],
          contact: contact ? `${contact.label[locale]} ${contact.value}` : '',
        }}
      />
    </Text>
  );
}

function Deadline({ deadline }: { deadline: number }) {
  const left = useCountdown(deadline);
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="pay-deadline">
      <FormattedMessage id="checkout.pay.deadline" values={{ time: left }} />
    </Text>
  );
}

/** WeChat Native: the QR code to scan with WeChat; the page polls the status meanwhile. */
function QrDialog({
  action,
  amount,
  deadline,
  onClose,
}: {
  action: Extract<PayAction, { kind: 'qr' }> | null;
  amount: string;
  deadline: number | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open={action !== null} onOpenChange={(d) => (d.open ? null : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="checkout.qr.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack align="center" gap={3} textAlign="center">
                <Text fontSize="2xl" fontWeight="bold" color="#07a050">
                  {amount}
                </Text>
                {action ? (
                  <Image
                    src={action.qrImage}
                    alt={intl.formatMessage({ id: 'checkout.qr.alt' })}
                    width="220px"
                    height="220px"
                    data-testid="qr-image"
                    data-code-url={action.codeUrl}
                  />
                ) : null}
                <Text>
                  <FormattedMessage id="checkout.qr.scan" />
                </Text>
                {deadline ? <Deadline deadline={deadline} /> : null}
                <HStack color="fg.muted" fontSize="sm" aria-live="polite">
                  <Box className="pulse" w="8px" h="8px" borderRadius="full" bg="green.500" />
                  <FormattedMessage id="checkout.qr.waiting" />
                </HStack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="checkout.qr.other" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
