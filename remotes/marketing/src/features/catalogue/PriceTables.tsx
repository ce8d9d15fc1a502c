import { Badge, Box, Heading, Skeleton, Stack, Table, Text, Wrap } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen, formatTraffic, perGbFen, perMonthFen, type ResourceType } from '@portal/shared';
import { QueryFailure, useCustomRule, useLocalized, usePackages } from '@portal/shared/ui';
import { useStaticDurations, useStaticRegions } from './queries.ts';

function Loading() {
  return (
    <Stack gap={2} aria-busy="true">
      <Skeleton height="36px" />
      <Skeleton height="36px" />
      <Skeleton height="36px" />
    </Stack>
  );
}

/** The traffic packages on sale, as on /buy, with the price per GB people compare by. */
export function PackagesTable() {
  const intl = useIntl();
  const packages = usePackages();
  if (packages.isPending) return <Loading />;
  if (packages.isError) return <QueryFailure onRetry={() => void packages.refetch()} />;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="xl">
      <Table.Root size="md" data-testid="packages-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>
              <FormattedMessage id="marketing.pricing.traffic" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <FormattedMessage id="marketing.pricing.validity" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <FormattedMessage id="marketing.pricing.price" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <FormattedMessage id="marketing.pricing.perGb" />
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {packages.data.map((p) => (
            <Table.Row key={p.id}>
              <Table.Cell>
                <Text fontWeight="semibold">{formatTraffic(p.trafficMb, intl.locale)}</Text>
                {p.giftTrafficMb > 0 ? (
                  <Badge colorPalette="green" variant="subtle" mt={1}>
                    <FormattedMessage
                      id="marketing.pricing.gift"
                      values={{ traffic: formatTraffic(p.giftTrafficMb, intl.locale) }}
                    />
                  </Badge>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <FormattedMessage id="marketing.pricing.days" values={{ days: p.validityDays }} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Text fontWeight="semibold">{formatFen(p.priceFen, intl.locale)}</Text>
                {p.originalPriceFen > p.priceFen ? (
                  <Text as="s" fontSize="sm" color="fg.muted">
                    {formatFen(p.originalPriceFen, intl.locale)}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatFen(perGbFen(p), intl.locale)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Custom amounts: the price per GB from each volume up. */
export function CustomTiers() {
  const intl = useIntl();
  const rule = useCustomRule();
  if (rule.isPending) return <Loading />;
  if (rule.isError) return <QueryFailure onRetry={() => void rule.refetch()} />;
  const { tiers, minGb, maxGb } = rule.data;
  return (
    <Stack gap={3}>
      <Heading as="h3" size="md">
        <FormattedMessage id="marketing.pricing.custom.title" />
      </Heading>
      <Text color="fg.muted">
        <FormattedMessage
          id="marketing.pricing.custom.text"
          values={{ min: intl.formatNumber(minGb), max: intl.formatNumber(maxGb) }}
        />
      </Text>
      <Wrap gap={3} data-testid="custom-tiers">
        {tiers.map((tier, i) => {
          const next = tiers[i + 1];
          return (
            <Box key={tier.minGb} borderWidth="1px" borderRadius="lg" px={4} py={3} bg="bg.panel" minW="150px">
              <Text fontSize="sm" color="fg.muted">
                {next ? (
                  <FormattedMessage id="marketing.pricing.custom.range" values={{ from: tier.minGb, to: next.minGb - 1 }} />
                ) : (
                  <FormattedMessage id="marketing.pricing.custom.rangeUp" values={{ from: tier.minGb }} />
                )}
              </Text>
              <Text fontWeight="bold" fontSize="lg">
                <FormattedMessage
                  id="marketing.pricing.custom.perGb"
                  values={{ price: formatFen(tier.unitPriceFen, intl.locale) }}
                />
              </Text>
            </Box>
          );
        })}
      </Wrap>
    </Stack>
  );
}

/** Durations and prices per IP of one static type. */
export function DurationsTable({ type }: { type: ResourceType }) {
  const intl = useIntl();
  const durations = useStaticDurations(type);
  if (durations.isPending) return <Loading />;
  if (durations.isError) return <QueryFailure onRetry={() => void durations.refetch()} />;
  if (durations.data.length === 0) {
    return (
      <Text color="fg.muted">
        <FormattedMessage id="marketing.price.unavailable" />
      </Text>
    );
  }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="xl">
      <Table.Root size="sm" data-testid={`durations-table-${type}`}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>
              <FormattedMessage id="marketing.pricing.duration" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <FormattedMessage id="marketing.pricing.perIp" />
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <FormattedMessage id="marketing.pricing.perMonth" />
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {durations.data.map((d) => (
            <Table.Row key={d.days}>
              <Table.Cell>
                <FormattedMessage id="marketing.pricing.days" values={{ days: d.days }} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Text as="span" fontWeight="semibold">
                  {formatFen(d.priceFen, intl.locale)}
                </Text>
                {d.originalPriceFen > d.priceFen ? (
                  <Text as="s" fontSize="sm" color="fg.muted" ms={2}>
                    {formatFen(d.originalPriceFen, intl.locale)}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatFen(perMonthFen(d), intl.locale)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Where IPs of a static type are in stock right now: one chip per country and city. */
export function RegionList({ type }: { type: ResourceType }) {
  const regions = useStaticRegions(type);
  const localized = useLocalized();
  if (regions.isPending) return <Loading />;
  if (regions.isError) return <QueryFailure onRetry={() => void regions.refetch()} />;
  const inStock = regions.data.filter((r) => r.available > 0);
  if (inStock.length === 0) {
    return (
      <Text color="fg.muted">
        <FormattedMessage id="marketing.regions.none" />
      </Text>
    );
  }
  return (
    <Wrap gap={2} data-testid={`regions-${type}`}>
      {inStock.map((r) => (
        <Badge key={r.id} variant="outline" size="lg" colorPalette="gray" px={3} py={1}>
          {localized(r.country)} · {localized(r.city)}
        </Badge>
      ))}
    </Wrap>
  );
}
