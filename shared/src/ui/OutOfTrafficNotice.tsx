import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Card, Link as ChakraLink, Flex, Heading, Stack, Text } from './chakra.ts';
import { FormattedMessage } from 'react-intl';
import { Link } from './router.ts';
import { useSnapshot } from 'valtio';
import { api, type DashboardStatistics } from '../contract/index.ts';
import { callApi } from '../http/client.ts';
import { authStore, balanceMb, isCertified } from '../state/auth.ts';
import { ActionNotice } from './ActionNotice.tsx';
import { useTeamCan } from './RoleGate.tsx';
import { CertificationNotice, useCertifyLink } from './CertificationNotice.tsx';
import { useLocalePath } from './useLocalePath.ts';

/** Whether the member ever had dynamic traffic: bought, was given, or used some. */
export function hadTraffic(stats: Pick<DashboardStatistics, 'totalRechargeMb' | 'totalConsumptionMb' | 'lots'>): boolean {
  return stats.totalRechargeMb > 0 || stats.totalConsumptionMb > 0 || stats.lots.length > 0;
}

/**
 * The dashboard's figures: one cache entry for the dashboard (user-center) and the notices here, so
 * both are read from the same call and its key has one owner.
 */
export const dashboardStatisticsQuery = () =>
  queryOptions({ queryKey: ['dashboard-statistics'] as const, queryFn: () => callApi(api.dashboardStatistics) });

/** The dashboard's figures, here for the traffic history. */
function useTrafficHistory(enabled: boolean): boolean | undefined {
  const stats = useQuery({ ...dashboardStatisticsQuery(), enabled });
  return stats.data ? hadTraffic(stats.data) : undefined;
}

/**
 * A member without traffic: one who never had any is welcomed with the way to the packages; "used
 * up" (SPEC section 8, 'No flow, please recharge first') is only for someone whose traffic ran out.
 * Nothing while the history is unknown, so a new member never sees the alarm flash by.
 */
export function OutOfTrafficNotice() {
  const auth = useSnapshot(authStore);
  const empty = auth.userInfo !== null && balanceMb(auth) <= 0;
  const had = useTrafficHistory(empty);
  const canBuy = useTeamCan('buy');
  if (!empty || had === undefined) return null;
  return had ? <UsedUpNotice /> : canBuy ? <FirstPurchaseCard /> : null;
}

/**
 * The notices of the pages that use the proxy service, never stacked: a new member's welcome card
 * carries the certification line itself; otherwise "used up" (if so) and the certification note.
 */
export function AccountNotices() {
  const auth = useSnapshot(authStore);
  const empty = auth.userInfo !== null && balanceMb(auth) <= 0;
  const had = useTrafficHistory(empty);
  const canBuy = useTeamCan('buy');
  // Where to start buying is for those who may buy; the others still learn the team is out of traffic.
  if (empty && had === false && canBuy) return <FirstPurchaseCard />;
  return (
    <>
      {empty && had ? <UsedUpNotice /> : null}
      <CertificationNotice />
    </>
  );
}

function UsedUpNotice() {
  const to = useLocalePath();
  const canBuy = useTeamCan('buy');
  return (
    <ActionNotice
      status="warning"
      titleId="shared.outOfTraffic.title"
      descriptionId="shared.outOfTraffic.description"
      action={canBuy ? { to: to('/admin/dynamic/buy'), labelId: 'shared.outOfTraffic.recharge', variant: 'solid' } : undefined}
      testId="out-of-traffic-notice"
    />
  );
}

/** A member who never bought: where to start, and (if not yet certified) that it can wait until use. */
function FirstPurchaseCard() {
  const auth = useSnapshot(authStore);
  const to = useLocalePath();
  const certify = useCertifyLink();
  return (
    <Card.Root variant="subtle" bg="brand.subtle" data-testid="first-purchase-card">
      <Card.Body>
        <Flex gap={4} direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }}>
          <Stack gap={1} flex="1">
            <Heading as="h2" size="md">
              <FormattedMessage id="shared.firstPurchase.title" />
            </Heading>
            <Text color="fg.muted">
              <FormattedMessage id="shared.firstPurchase.description" />
            </Text>
            {isCertified(auth) ? null : (
              <Text fontSize="sm" color="fg.muted" data-testid="certification-notice">
                <FormattedMessage id="shared.certification.beforeUse" />{' '}
                <ChakraLink asChild color="brand.fg" fontWeight="medium" whiteSpace="nowrap">
                  <Link to={certify}>
                    <FormattedMessage id="shared.certification.go" />
                  </Link>
                </ChakraLink>
              </Text>
            )}
          </Stack>
          <Button asChild colorPalette="brand" flexShrink={0}>
            <Link to={to('/admin/dynamic/buy')}>
              <FormattedMessage id="shared.firstPurchase.cta" />
            </Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
