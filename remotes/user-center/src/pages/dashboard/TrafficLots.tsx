import { Alert, Badge, Button, Card, Heading, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { formatTraffic, LOT_EXPIRY_NOTICE_DAYS, type TrafficLot } from '@portal/shared';
import { ResponsiveTable, useLocalePath, useTeamCan } from '@portal/shared/ui';
import { expiringSoon, formatExpiry, lotOrigin } from './lots.ts';

/**
 * The notice LOT_EXPIRY_NOTICE_DAYS before traffic expires: the lot expiring first, how many more
 * follow within the period, and the way to buy more.
 */
export function LotExpiryNotice({ lots, now }: { lots: readonly TrafficLot[]; now: number }) {
  const intl = useIntl();
  const to = useLocalePath();
  const canBuy = useTeamCan('buy');
  const soon = expiringSoon(lots, now);
  const first = soon[0];
  if (!first) return null;
  return (
    <Alert.Root status="warning" data-testid="lot-expiry-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="uc.lots.notice.title" />
        </Alert.Title>
        <Alert.Description>
          <FormattedMessage
            id="uc.lots.notice.body"
            values={{ amount: formatTraffic(first.remainingMb, intl.locale), date: formatExpiry(first.expiresAt) }}
          />
          {soon.length > 1 ? (
            <>
              {' '}
              <FormattedMessage id="uc.lots.notice.more" values={{ count: soon.length - 1, days: LOT_EXPIRY_NOTICE_DAYS }} />
            </>
          ) : null}
        </Alert.Description>
      </Alert.Content>
      {canBuy ? (
        <Button asChild size="sm" colorPalette="brand" alignSelf="center">
          <Link to={to('/admin/dynamic/buy')}>
            <FormattedMessage id="uc.lots.notice.buy" />
          </Link>
        </Button>
      ) : null}
    </Alert.Root>
  );
}

/** The balance by lot: what is left of each credit and when it expires; recently expired ones below. */
export function TrafficLotsCard({ lots }: { lots: readonly TrafficLot[] }) {
  const intl = useIntl();
  const traffic = (mb: number) => formatTraffic(mb, intl.locale);
  return (
    <Card.Root minW={0} data-testid="traffic-lots">
      <Card.Header>
        <Stack gap={1}>
          <Heading as="h2" size="md">
            <FormattedMessage id="uc.lots.title" />
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="uc.lots.description" />
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body minW={0}>
        {lots.length === 0 ? (
          <Text color="fg.muted" data-testid="traffic-lots-empty">
            <FormattedMessage id="uc.lots.empty" />
          </Text>
        ) : (
          <ResponsiveTable
            testId="traffic-lots-table"
            ariaLabel={intl.formatMessage({ id: 'uc.lots.title' })}
            items={[...lots]}
            rowKey={(lot) => lot.id}
            rowProps={(lot) => ({
              'data-testid': 'traffic-lot',
              'data-lot-id': lot.id,
              'data-remaining-mb': lot.remainingMb,
              color: lot.expiredAt === null ? undefined : 'fg.muted',
            })}
            columns={[
              {
                key: 'left',
                label: <FormattedMessage id="uc.lots.col.left" />,
                card: 'title',
                cell: (lot) => (
                  <Text as="span" fontVariantNumeric="tabular-nums">
                    <FormattedMessage
                      id="uc.lots.leftOf"
                      values={{ left: traffic(lot.remainingMb), granted: traffic(lot.grantedMb) }}
                    />
                  </Text>
                ),
              },
              {
                key: 'expires',
                label: <FormattedMessage id="uc.lots.col.expires" />,
                wrap: true,
                cell: (lot) =>
                  lot.expiredAt === null ? (
                    <Text as="span" fontVariantNumeric="tabular-nums">
                      {formatExpiry(lot.expiresAt)}
                    </Text>
                  ) : (
                    <Badge colorPalette="gray" variant="subtle" whiteSpace="normal">
                      <FormattedMessage
                        id="uc.lots.expired"
                        values={{ date: formatExpiry(lot.expiredAt), amount: traffic(lot.expiredMb) }}
                      />
                    </Badge>
                  ),
              },
              {
                key: 'origin',
                label: <FormattedMessage id="uc.lots.col.origin" />,
                wrap: true,
                cell: (lot) => lotOrigin(lot, intl),
              },
            ]}
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}
