import { Button, Card, Text } from '@portal/shared/chakra';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, type PayChannel, type PayDevice } from '@portal/shared';
import { callApi, NO_ERROR_PAGE, primaryAction } from '@portal/shared/browser';
import { ActionFailure, PayDeadline, PaySandboxNotice } from '@portal/shared/ui';
import { blockedChannel, InAppPayNotice, PayChannelPicker } from '@portal/shared/ui/forms';
import { useCountdown } from './useCountdown.ts';

/**
 * The payment card: sandbox notice, the channel, why the last attempt failed, time left and "Pay".
 * Inside an app's browser that cannot open the chosen channel, "Pay" becomes "Open in browser".
 */
export function PayStep({
  channels,
  channel,
  onChannel,
  device,
  onGuide,
  sandbox,
  failure,
  deadline,
  amount,
  busy,
  disabled,
  onPay,
}: {
  channels: readonly PayChannel[];
  channel: PayChannel | null;
  onChannel: (channel: PayChannel) => void;
  device: PayDevice;
  /** Shows how to open the page in the phone's browser. */
  onGuide: () => void;
  sandbox: boolean;
  failure: string | null;
  /** The unpaid order's deadline (epoch ms); null before the order exists or once it is not pending. */
  deadline: number | null;
  amount: string;
  busy: boolean;
  disabled: boolean;
  onPay: () => void;
}) {
  const blocked = blockedChannel(channel, device) !== null;
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2" id="channel-label">
          <FormattedMessage id="checkout.pay.method" />
        </Card.Title>
      </Card.Header>
      <Card.Body gap={4}>
        {sandbox ? <PaySandboxNotice /> : null}
        <PayChannelPicker channels={channels} value={channel} onChange={onChannel} labelledBy="channel-label" device={device} />
        <InAppPayNotice channel={channel} device={device} onGuide={onGuide} />
        <ActionFailure message={failure} testId="pay-error" />
        {deadline !== null ? <OrderDeadline deadline={deadline} /> : null}
        <Button
          colorPalette="brand"
          size="lg"
          onClick={onPay}
          loading={busy}
          disabled={disabled}
          data-testid="pay-button"
          {...primaryAction}
        >
          {blocked ? (
            <FormattedMessage id="shared.pay.inApp.openButton" />
          ) : (
            <FormattedMessage id="checkout.pay.button" values={{ amount }} />
          )}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="checkout.pay.terms" />
        </Text>
        <Seller />
      </Card.Body>
    </Card.Root>
  );
}

/** The time left to pay the order, ticking each second. */
export function OrderDeadline({ deadline }: { deadline: number }) {
  const left = useCountdown(deadline);
  return <PayDeadline timeLeft={left} />;
}

/** Who sells and supports the order (the substation or agent), from the supplier call. */
function Seller() {
  const intl = useIntl();
  const supplier = useQuery({
    queryKey: ['supplier'],
    queryFn: () => callApi(api.supplierGet),
    staleTime: 300_000,
    meta: NO_ERROR_PAGE,
  });
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
