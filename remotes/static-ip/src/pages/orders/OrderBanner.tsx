import { Alert, Button, CloseButton, HStack, Spinner } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { type StaticOrder, StaticOrderType, effectiveStatus } from '@portal/shared';
import { useLocalePath } from '@portal/shared/ui';
import { invalidateStaticLists } from '../../common/keys.ts';
import { useStaticOrderInfo, useStaticOrderStatus } from '../../features/pay/queries.ts';
import { type BannerState, bannerState } from './banner.ts';

const ALERT_STATUS: Record<BannerState, 'info' | 'success' | 'warning' | 'error'> = {
  checking: 'info',
  waiting: 'info',
  cancelled: 'warning',
  paid: 'success',
  closed: 'warning',
  refunding: 'error',
  failed: 'error',
};

/**
 * Back from the payment provider (`?order=<id>`, `&cancelled=1` when the payment was abandoned):
 * the order's status, polled until it is settled, with the way on.
 */
export function OrderBanner({
  orderId,
  cancelled,
  onDismiss,
  onPay,
}: {
  orderId: number;
  cancelled: boolean;
  onDismiss: () => void;
  onPay: (order: StaticOrder) => void;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const status = useStaticOrderStatus(orderId);
  const info = useStaticOrderInfo(orderId);
  const raw = status.data?.status;
  const current =
    raw !== undefined && info.data ? effectiveStatus({ status: raw, payDeadline: info.data.payDeadline }, Date.now()) : raw;
  const state = bannerState(current, { cancelled, failed: status.isError });
  const count = status.data?.ipCount ?? info.data?.count ?? 0;
  const renewal = info.data?.orderType === StaticOrderType.Renewal;

  // Paid or refunded meanwhile: the list below shows it too.
  const settled = useRef<BannerState | null>(null);
  useEffect(() => {
    if ((state === 'paid' || state === 'refunding') && settled.current !== state) {
      settled.current = state;
      void invalidateStaticLists(queryClient);
    }
  }, [state, queryClient]);

  const title = (() => {
    switch (state) {
      case 'paid':
        return intl.formatMessage({ id: renewal ? 'static.banner.renewed' : 'static.banner.paid' }, { count });
      case 'refunding':
        return intl.formatMessage({ id: 'static.order.status.3' });
      case 'closed':
        return intl.formatMessage({ id: 'static.banner.closed' });
      case 'cancelled':
        return intl.formatMessage({ id: 'static.banner.cancelled' });
      case 'failed':
        return intl.formatMessage({ id: 'static.banner.failed' });
      default:
        return intl.formatMessage({ id: 'static.banner.waiting' });
    }
  })();

  return (
    <Alert.Root status={ALERT_STATUS[state]} data-testid="static-order-banner" data-state={state} alignItems="center">
      {state === 'waiting' || state === 'checking' ? <Spinner size="sm" color="blue.600" /> : <Alert.Indicator />}
      <Alert.Content>
        <Alert.Title aria-live="polite">{title}</Alert.Title>
        {state === 'refunding' ? (
          <Alert.Description>
            <FormattedMessage id="static.pay.refundingHint" />
          </Alert.Description>
        ) : null}
      </Alert.Content>
      <HStack gap={2} flexShrink={0} wrap="wrap" justify="flex-end">
        {state === 'paid' ? (
          <Button asChild size="sm" colorPalette="brand">
            <Link to={to('/admin/static/management')}>
              <FormattedMessage id="static.banner.toIps" />
            </Link>
          </Button>
        ) : null}
        {state === 'cancelled' && info.data ? (
          <Button size="sm" colorPalette="brand" onClick={() => info.data && onPay(info.data)}>
            <FormattedMessage id="static.orders.pay" />
          </Button>
        ) : null}
        {state === 'failed' ? (
          <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
            <FormattedMessage id="static.list.retry" />
          </Button>
        ) : null}
        <CloseButton size="sm" onClick={onDismiss} aria-label={intl.formatMessage({ id: 'static.banner.dismiss' })} />
      </HStack>
    </Alert.Root>
  );
}
