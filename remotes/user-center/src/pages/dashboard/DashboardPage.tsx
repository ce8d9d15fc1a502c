import { Button, Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore, formatTraffic, isCertified, remainingFlow } from '@portal/shared';
import { CertificationNotice, useLocalePath } from '@portal/shared/ui';
import { StatusBadge } from '../certification/StatusBadge.tsx';

/**
 * /admin/dashboard: remaining traffic and certification status now; total recharge and total
 * consumption (UTC+0) join when orders exist (commerce release).
 */
export default function DashboardPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const auth = useSnapshot(authStore);
  const status = (auth.userInfo?.identificationStatus as number | undefined) ?? 0;
  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          <FormattedMessage id="uc.dashboard.title" />
        </Heading>
        <CertificationNotice />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={6}>
          <Card.Root>
            <Card.Body gap={2}>
              <Text color="fg.muted">
                <FormattedMessage id="uc.dashboard.remaining" />
              </Text>
              <Text fontSize="3xl" fontWeight="bold" data-testid="dashboard-remaining">
                {formatTraffic(remainingFlow(auth), intl.locale)}
              </Text>
              <Button asChild size="sm" colorPalette="brand" alignSelf="flex-start">
                <Link to={to('/buy')}>
                  <FormattedMessage id="uc.dashboard.recharge" />
                </Link>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Body gap={2}>
              <Text color="fg.muted">
                <FormattedMessage id="uc.account.certification" />
              </Text>
              <StatusBadge status={status} />
              {isCertified(auth) ? null : (
                <Button asChild size="sm" variant="outline" alignSelf="flex-start">
                  <Link to={to('/admin/auth')}>
                    <FormattedMessage id="uc.account.certifyNow" />
                  </Link>
                </Button>
              )}
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.dashboard.totalsLater" />
        </Text>
      </Stack>
    </Container>
  );
}
