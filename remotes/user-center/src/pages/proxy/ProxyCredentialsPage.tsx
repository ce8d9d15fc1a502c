import { Container, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { authStore, isCertified, balanceMb } from '@portal/shared/browser';
import { AccountNotices, PageHeader, QueryFailure } from '@portal/shared/ui';
import { AccountsCard } from './AccountsCard.tsx';
import { AllowListCard } from './AllowListCard.tsx';
import { Generator } from './Generator.tsx';
import { SpendLimitsCard } from './SpendLimitsCard.tsx';
import { useGenerator } from './useGenerator.ts';
import { type ProxyAccountList, useProxyAccounts } from './useProxyAccounts.ts';

/**
 * /admin/account-password-auth: proxy accounts and the endpoint generator (SPEC sections 1, 3, 5).
 * The username is built by the shared credentials module, the one definition the gateway's
 * verification also parses.
 */
export default function ProxyCredentialsPage() {
  const intl = useIntl();
  const auth = useSnapshot(authStore);
  const accounts = useProxyAccounts();
  // Generating is always allowed (users prepare their setup); the notices above say what is missing.
  const blocked =
    auth.userInfo !== null && (balanceMb(auth) <= 0 || (accounts.data?.certificationRequired === true && !isCertified(auth)));

  return (
    <Container maxW="6xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <PageHeader titleId="shared.page.proxyCredentials" descriptionId="uc.proxy.lead" />
        <AccountNotices />
        {accounts.isError ? (
          <QueryFailure onRetry={() => void accounts.refetch()} />
        ) : accounts.isPending ? (
          <Skeleton height="320px" borderRadius="l3" />
        ) : (
          <ProxyTools data={accounts.data} blocked={blocked} />
        )}
        <Text fontSize="sm" color="fg.muted">
          {intl.formatMessage({ id: 'uc.proxy.overseas' })}
        </Text>
      </Stack>
    </Container>
  );
}

/** The generator, the accounts, the spend limits and the allow-list; an account's list link takes the generator's settings. */
function ProxyTools({ data, blocked }: { data: ProxyAccountList; blocked: boolean }) {
  const generator = useGenerator(data.accounts, data.endpoints);
  return (
    <>
      <Generator g={generator} accounts={data.accounts} endpoints={data.endpoints} blocked={blocked} />
      <AccountsCard accounts={data.accounts} generator={generator} />
      <SpendLimitsCard spend={data.spendLimits} />
      <AllowListCard accounts={data.accounts} limits={data.allowList} />
    </>
  );
}
