import {
  Badge,
  Button,
  Card,
  Link as ChakraLink,
  Container,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@portal/shared/chakra';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { useSnapshot } from 'valtio';
import { formatFen, formatTraffic } from '@portal/shared';
import { authStore, balanceMb, isCertified, recordBalance } from '@portal/shared/browser';
import {
  AccountNotices,
  dashboardStatisticsQuery,
  LoadFailure,
  PageHeader,
  tableCsv,
  useFileExport,
  useLocalePath,
  useTeamCan,
} from '@portal/shared/ui';
import { StatusBadge } from '../certification/StatusBadge.tsx';
import { DAILY_COLUMNS, dailyCells, dailyHeader, formatExpiry } from './lots.ts';
import { IncidentNotice } from './IncidentNotice.tsx';
import { LotExpiryNotice, TrafficLotsCard } from './TrafficLots.tsx';
import { UsageChart } from './UsageChart.tsx';

/** The dashboard figures; also read after a payment, so they are never taken from the cache alone. */
function useStatistics() {
  const stats = useQuery({ ...dashboardStatisticsQuery(), staleTime: 0 });
  const remaining = stats.data?.remainingMb;
  // Keeps the header's figure (and the no-flow notice) as fresh as the dashboard's.
  useEffect(() => {
    if (remaining !== undefined) recordBalance(remaining);
  }, [remaining]);
  return stats;
}

/**
 * /admin/dashboard: remaining traffic, total recharge, total consumption, certification status and
 * the daily usage of the last 30 UTC days.
 */
export default function DashboardPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const canBuy = useTeamCan('buy');
  const auth = useSnapshot(authStore);
  const stats = useStatistics();
  const status = (auth.userInfo?.identificationStatus as number | undefined) ?? 0;
  const remaining = auth.userInfo ? balanceMb(auth) : stats.data?.remainingMb;
  const nextLot = stats.data?.lots.find((l) => l.remainingMb > 0 && l.expiredAt === null);
  const csv = useFileExport();
  const exportDaily = () =>
    csv.run(async () => {
      const daily = stats.data?.daily ?? [];
      const traffic = (mb: number) => formatTraffic(mb, intl.locale);
      return tableCsv('daily-usage', DAILY_COLUMNS, dailyHeader(intl), daily, (d) => dailyCells(d, traffic));
    });
  const figure = (value: (data: NonNullable<typeof stats.data>) => ReactNode) =>
    stats.data ? (
      value(stats.data)
    ) : stats.isError ? (
      <Text fontSize="3xl" fontWeight="bold" lineHeight="short">
        —
      </Text>
    ) : (
      <Skeleton h="9" w="32" />
    );

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.dashboard" descriptionId="uc.dashboard.description" />
        <IncidentNotice />
        <AccountNotices />
        {stats.data ? <LotExpiryNotice lots={stats.data.lots} now={Date.now()} /> : null}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
          <Card.Root>
            <Card.Body gap={2}>
              <Text color="fg.muted">
                <FormattedMessage id="uc.dashboard.remaining" />
              </Text>
              {remaining === undefined ? (
                stats.isError ? (
                  <Text fontSize="3xl" fontWeight="bold" lineHeight="short">
                    —
                  </Text>
                ) : (
                  <Skeleton h="9" w="32" />
                )
              ) : (
                <Text fontSize="3xl" fontWeight="bold" lineHeight="short" data-testid="dashboard-remaining">
                  {formatTraffic(remaining, intl.locale)}
                </Text>
              )}
              {nextLot ? (
                <Text fontSize="sm" color="fg.muted" data-testid="dashboard-next-expiry">
                  <FormattedMessage
                    id="uc.lots.nextExpiry"
                    values={{ amount: formatTraffic(nextLot.remainingMb, intl.locale), date: formatExpiry(nextLot.expiresAt) }}
                  />
                </Text>
              ) : null}
              {canBuy ? (
                <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start" mt="auto">
                  <Link to={to('/admin/dynamic/buy')}>
                    <FormattedMessage id="uc.dashboard.recharge" />
                  </Link>
                </Button>
              ) : null}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body gap={2}>
              <Text color="fg.muted">
                <FormattedMessage id="uc.dashboard.totalRecharge" />
              </Text>
              {figure((d) => (
                <Text fontSize="3xl" fontWeight="bold" lineHeight="short" data-testid="dashboard-total-recharge">
                  {formatTraffic(d.totalRechargeMb, intl.locale)}
                </Text>
              ))}
              {stats.data ? (
                <Text fontSize="sm" color="fg.muted" data-testid="dashboard-total-paid">
                  <FormattedMessage
                    id="uc.dashboard.paid"
                    values={{ amount: formatFen(stats.data.totalRechargeFen, intl.locale) }}
                  />
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body gap={2}>
              <Text color="fg.muted">
                <FormattedMessage id="uc.dashboard.totalConsumption" />
              </Text>
              {figure((d) => (
                <Text fontSize="3xl" fontWeight="bold" lineHeight="short" data-testid="dashboard-total-consumption">
                  {formatTraffic(d.totalConsumptionMb, intl.locale)}
                </Text>
              ))}
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="uc.dashboard.consumptionHint" />
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body gap={2}>
              <Text color="fg.muted">
                <FormattedMessage id="uc.account.certification" />
              </Text>
              <StatusBadge status={status} />
              {isCertified(auth) ? null : (
                <Button asChild size="sm" variant="outline" alignSelf="flex-start" mt="auto">
                  <Link to={to('/admin/auth')}>
                    <FormattedMessage id="uc.account.certifyNow" />
                  </Link>
                </Button>
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        {stats.data ? <TrafficLotsCard lots={stats.data.lots} /> : null}
        <Card.Root minW={0}>
          <Card.Header>
            <Flex gap={3} wrap="wrap" align="center" justify="space-between">
              <Flex gap={3} wrap="wrap" align="center">
                <Heading as="h2" size="md">
                  <FormattedMessage id="uc.dashboard.chartTitle" />
                </Heading>
                <Badge variant="subtle" colorPalette="gray" data-testid="dashboard-utc">
                  <FormattedMessage id="uc.dashboard.utc" />
                </Badge>
              </Flex>
              <Flex gap={3} wrap="wrap" align="center">
                <ChakraLink asChild color="brand.fg" fontSize="sm">
                  <Link to={to('/admin/usage')} data-testid="dashboard-usage-breakdown">
                    <FormattedMessage id="uc.dashboard.viewBreakdown" />
                  </Link>
                </ChakraLink>
                <ChakraLink asChild color="brand.fg" fontSize="sm">
                  <Link to={to('/admin/dynamic/records')}>
                    <FormattedMessage id="uc.dashboard.viewRecords" />
                  </Link>
                </ChakraLink>
                <Button
                  size="sm"
                  variant="outline"
                  data-testid="daily-export"
                  disabled={!stats.data}
                  loading={csv.exporting}
                  onClick={exportDaily}
                >
                  <FormattedMessage id="uc.list.export" />
                </Button>
              </Flex>
            </Flex>
            {stats.data ? (
              <Text fontSize="sm" color="fg.muted" data-testid="usage-updated-at">
                {stats.data.usageUpdatedAt === null ? (
                  <FormattedMessage id="uc.dashboard.notUpdated" />
                ) : (
                  <FormattedMessage
                    id="uc.dashboard.updatedAt"
                    values={{ time: dayjs(stats.data.usageUpdatedAt).format('YYYY-MM-DD HH:mm') }}
                  />
                )}
              </Text>
            ) : null}
          </Card.Header>
          <Card.Body minW={0}>
            {stats.data ? (
              <UsageChart daily={stats.data.daily} />
            ) : stats.isError ? (
              <LoadFailure
                error={stats.error}
                messageId="uc.dashboard.loadFailed"
                onRetry={() => void stats.refetch()}
                retrying={stats.isFetching}
              />
            ) : (
              <Skeleton h="220px" borderRadius="md" />
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
