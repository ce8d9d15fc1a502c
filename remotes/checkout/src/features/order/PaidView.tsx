import { Button, Card, Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { formatTraffic } from '@portal/shared';
import { useLocalePath } from '@portal/shared/ui';
import { useOrder, useOrderStatus } from './queries.ts';

/** After payment: what was added and the new balance, and where to go next. */
export function PaidView({ orderId, compact = false }: { orderId: number; compact?: boolean }) {
  const intl = useIntl();
  const to = useLocalePath();
  const order = useOrder(orderId);
  const status = useOrderStatus(orderId, false);
  const added = order.data ? order.data.trafficMb + order.data.giftTrafficMb : null;
  return (
    <Card.Root data-testid="paid-view" borderColor="green.300" borderWidth="1px">
      <Card.Body>
        <Stack gap={4} align="center" textAlign="center" py={compact ? 2 : 6}>
          <Text fontSize="5xl" aria-hidden="true" color="green.500" lineHeight="1">
            ✓
          </Text>
          <Heading as="h2" size="xl">
            <FormattedMessage id="checkout.paid.title" />
          </Heading>
          {added !== null ? (
            <Text>
              <FormattedMessage id="checkout.paid.added" values={{ traffic: formatTraffic(added, intl.locale) }} />
            </Text>
          ) : null}
          {status.data ? (
            <Text fontSize="lg">
              <FormattedMessage
                id="checkout.paid.balance"
                values={{
                  balance: (
                    <Text as="strong" data-testid="paid-balance" key="b">
                      {formatTraffic(status.data.limitBalance, intl.locale)}
                    </Text>
                  ),
                }}
              />
            </Text>
          ) : null}
          <Stack direction={{ base: 'column', sm: 'row' }} gap={3} width={{ base: 'full', sm: 'auto' }}>
            <Button asChild colorPalette="brand">
              <Link to={to('/admin/account-password-auth')}>
                <FormattedMessage id="checkout.paid.credentials" />
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={to('/admin/dashboard')}>
                <FormattedMessage id="checkout.paid.dashboard" />
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={to('/admin/dynamic/list')}>
                <FormattedMessage id="checkout.paid.orders" />
              </Link>
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
