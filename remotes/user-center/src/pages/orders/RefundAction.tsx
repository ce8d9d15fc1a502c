import { Button } from '@portal/shared/chakra';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, formatFen, formatTraffic, PayStatus, type RechargeOrder, RechargeOrderStatus } from '@portal/shared';
import { ApiError, callApi } from '@portal/shared/browser';
import { message, useTeamCan } from '@portal/shared/ui';
import { ConfirmDialog } from '@portal/shared/ui/forms';

/** Whether the list offers the buyer a refund of this order: paid, fulfilled and not refunded yet. */
export const offersRefund = (order: RechargeOrder) =>
  order.payStatus === PayStatus.Paid && order.status === RechargeOrderStatus.Success && order.refund === null;

/**
 * "Request refund" of a traffic package (decision 0058): a confirm dialog that says how much goes
 * back and that the package's remaining traffic is removed at once, and the policy it is judged by;
 * the server decides, and its refusal (too late, too much used, an invoice issued) is shown in the
 * dialog in the buyer's language.
 */
export function RefundAction({ order }: { order: RechargeOrder }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const canBuy = useTeamCan('buy');
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const policy = useQuery({
    queryKey: ['refund-policy'],
    queryFn: () => callApi(api.rechargeOrderRefundPolicy),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const refund = useMutation({
    mutationFn: () => callApi(api.rechargeOrderRefund, { body: { orderId: order.id } }, { silent: true }),
    onSuccess: async (done) => {
      await queryClient.invalidateQueries({ queryKey: ['recharge-orders'] });
      message('success', intl.formatMessage({ id: 'uc.refund.done' }, { amount: formatFen(done.amountFen, intl.locale) }));
      close();
    },
    onError: (e) => {
      setFailure(e instanceof ApiError && e.kind === 'business' ? e.message : intl.formatMessage({ id: 'uc.refund.failed' }));
    },
  });
  const close = () => {
    setFailure(null);
    setOpen(false);
  };
  if (!canBuy || !offersRefund(order)) return '—';
  const amount = formatFen(order.payAmountFen, intl.locale);
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="order-refund">
        <FormattedMessage id="uc.refund.request" />
      </Button>
      <ConfirmDialog
        open={open}
        title={<FormattedMessage id="uc.refund.title" values={{ orderNo: order.orderNo }} />}
        confirmLabel={<FormattedMessage id="uc.refund.confirm" values={{ amount }} />}
        destructive
        busy={refund.isPending}
        failure={failure}
        onConfirm={() => refund.mutate()}
        onCancel={close}
        testId="order-refund-dialog"
      >
        <FormattedMessage
          id="uc.refund.consequence"
          values={{
            amount: <strong>{amount}</strong>,
            traffic: formatTraffic(order.trafficMb + order.giftTrafficMb, intl.locale),
          }}
        />{' '}
        {policy.data ? (
          <FormattedMessage
            id="uc.refund.policy"
            values={{
              days: policy.data.days,
              percent: policy.data.maxUsedPercent,
              gb: Math.round((policy.data.maxUsedMb / 1024) * 100) / 100,
            }}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
