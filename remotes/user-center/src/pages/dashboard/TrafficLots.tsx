import { Alert, Badge, Button, Card, Heading, Stack, Table, Text } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatTraffic, LOT_EXPIRY_NOTICE_DAYS, type TrafficLot } from '@portal/shared';
import { useLocalePath } from '@portal/shared/ui';
import { expiringSoon, formatExpiry, lotOrigin } from './lots.ts';

/**
 * The notice LOT_EXPIRY_NOTICE_DAYS before traffic expires: the lot expiring first, how many more
 * follow within the period, and the way to buy more.
 */
export function LotExpiryNotice({ lots, now }: { lots: readonly TrafficLot[]; now: number }) {
  const intl = useIntl();
  const to = useLocalePath();
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
      <Button asChild size="sm" colorPalette="brand" alignSelf="center">
        <Link to={to('/admin/dynamic/buy')}>
          <FormattedMessage id="uc.lots.notice.buy" />
        </Link>
      </Button>
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
          <Table.ScrollArea
            tabIndex={0}
            role="region"
            aria-label={intl.formatMessage({ id: 'uc.lots.title' })}
            focusRing="outside"
          >
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <FormattedMessage id="uc.lots.col.left" />
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <FormattedMessage id="uc.lots.col.expires" />
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <FormattedMessage id="uc.lots.col.origin" />
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {lots.map((lot) => (
                  <Table.Row
                    key={lot.id}
                    data-testid="traffic-lot"
                    data-lot-id={lot.id}
                    data-remaining-mb={lot.remainingMb}
                    color={lot.expiredAt === null ? undefined : 'fg.muted'}
                  >
                    <Table.Cell fontVariantNumeric="tabular-nums">
                      <FormattedMessage
                        id="uc.lots.leftOf"
                        values={{ left: traffic(lot.remainingMb), granted: traffic(lot.grantedMb) }}
                      />
                    </Table.Cell>
                    <Table.Cell fontVariantNumeric="tabular-nums">
                      {lot.expiredAt === null ? (
                        formatExpiry(lot.expiresAt)
                      ) : (
                        <Badge colorPalette="gray" variant="subtle">
                          <FormattedMessage
                            id="uc.lots.expired"
                            values={{ date: formatExpiry(lot.expiredAt), amount: traffic(lot.expiredMb) }}
                          />
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>{lotOrigin(lot, intl)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
