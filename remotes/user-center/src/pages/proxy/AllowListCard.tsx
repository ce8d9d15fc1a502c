import { Button, Card, HStack, Skeleton, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import {
  allowListSpace,
  api,
  displayNetwork,
  localizeContractMessage,
  type ProxyAccount,
  type ProxyAllowedIp,
  parseAllowedAddress,
} from '@portal/shared';
import { ApiError, callApi, NO_ERROR_PAGE } from '@portal/shared/browser';
import { type ListColumn, message, QueryFailure, ResponsiveTable, ActionFailure } from '@portal/shared/ui';
import { proxyKeys } from './keys.ts';
import { SelectField } from './SelectField.tsx';
import type { ProxyAccountList } from './useProxyAccounts.ts';

/**
 * IP allow-list authentication: addresses that may use an account without its password. The
 * visitor's own address (GET /app-api/getIp) can be added in one click; entries are checked here
 * with the same rules the server applies, so a wrong one is explained before it is sent. The
 * address space all the user's accounts claim is counted as the server counts it (allowListSpace).
 */
export function AllowListCard({ accounts, limits }: { accounts: ProxyAccount[]; limits: ProxyAccountList['allowList'] }) {
  const intl = useIntl();
  const locale = intl.locale === 'en' ? 'en' : 'zh-CN';
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(() => accounts.find((a) => a.main)?.id ?? accounts[0]?.id ?? 0);
  const [address, setAddress] = useState('');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entries = useQuery({
    queryKey: proxyKeys.allowList(accountId),
    queryFn: () => callApi(api.proxyAllowedIpList, { query: { accountId } }),
    enabled: accountId > 0,
    meta: NO_ERROR_PAGE,
  });
  const myIp = useQuery({
    queryKey: ['system', 'my-ip'],
    queryFn: () => callApi(api.getIp),
    staleTime: 60_000,
    meta: NO_ERROR_PAGE,
  });
  const everyList = useQuery({
    queryKey: proxyKeys.allAllowLists,
    queryFn: () => callApi(api.proxyAllowedIpList, { query: {} }),
    meta: NO_ERROR_PAGE,
  });

  const run = async (work: () => Promise<unknown>, okId: string) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: proxyKeys.allowLists });
      message('success', intl.formatMessage({ id: okId }));
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setFailure(err.kind === 'business' || err.fieldErrors ? err.message : intl.formatMessage({ id: 'uc.allowList.failed' }));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (value: string) => {
    const parsed = parseAllowedAddress(value);
    if (!parsed.ok) {
      setFailure(localizeContractMessage(`validation.allowedIp.${parsed.reason}`, locale));
      return;
    }
    const done = await run(
      () => callApi(api.proxyAllowedIpAdd, { body: { accountId, address: value.trim(), note: note.trim() } }),
      'uc.allowList.added',
    );
    if (done) {
      setAddress('');
      setNote('');
    }
  };

  const list = entries.data ?? [];
  // On a phone each entry is a card headed by its address, Remove last.
  const allowColumns: ListColumn<ProxyAllowedIp>[] = [
    {
      key: 'address',
      label: intl.formatMessage({ id: 'uc.allowList.col.address' }),
      card: 'title',
      cell: (e) => (
        <Text as="span" fontFamily="mono">
          {displayNetwork(e.network)}
        </Text>
      ),
    },
    { key: 'note', label: intl.formatMessage({ id: 'uc.allowList.col.note' }), wrap: true, cell: (e) => e.note || '—' },
    {
      key: 'added',
      label: intl.formatMessage({ id: 'uc.allowList.col.added' }),
      cell: (e) => <FormattedDate value={e.createdAt} dateStyle="medium" timeStyle="short" />,
    },
    {
      key: 'actions',
      label: intl.formatMessage({ id: 'uc.allowList.col.actions' }),
      card: 'action',
      cell: (e) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          disabled={busy}
          aria-label={intl.formatMessage({ id: 'uc.allowList.removeOne' }, { address: displayNetwork(e.network) })}
          onClick={() => void run(() => callApi(api.proxyAllowedIpDelete, { body: { id: e.id } }), 'uc.allowList.removed')}
        >
          <FormattedMessage id="uc.allowList.remove" />
        </Button>
      ),
    },
  ];
  const current = myIp.data?.ip;
  const currentListed = current !== undefined && list.some((e) => displayNetwork(e.network) === current);
  const space = everyList.data ? allowListSpace(everyList.data.map((e) => e.network)) : null;

  return (
    <Card.Root data-testid="allow-list">
      <Card.Header>
        <Card.Title as="h2">
          <FormattedMessage id="uc.allowList.title" />
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.allowList.hint" values={{ max: limits.maxEntries }} />
        </Text>
        {space ? (
          <Text fontSize="sm" color="fg.muted" data-testid="allow-space">
            <FormattedMessage
              id="uc.allowList.space"
              values={{
                ipv4: intl.formatNumber(space.ipv4),
                maxIpv4: intl.formatNumber(limits.maxIpv4Addresses),
                ipv6: intl.formatNumber(space.ipv6),
                maxIpv6: intl.formatNumber(limits.maxIpv6Networks),
              }}
            />
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body gap={4}>
        <Stack direction={{ base: 'column', md: 'row' }} gap={3} align={{ md: 'flex-end' }}>
          <SelectField
            labelId="uc.allowList.account"
            value={String(accountId)}
            onChange={(v) => {
              setAccountId(Number(v));
              setFailure(null);
            }}
            testId="allow-account"
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.username}
                {a.main ? ` (${intl.formatMessage({ id: 'uc.proxy.main' })})` : ''}
              </option>
            ))}
          </SelectField>
          <HStack gap={3} wrap="wrap">
            <Text fontSize="sm" data-testid="allow-my-ip">
              {myIp.isPending ? (
                <FormattedMessage id="uc.allowList.myIpLoading" />
              ) : current ? (
                <FormattedMessage id="uc.allowList.myIp" values={{ ip: current }} />
              ) : (
                <FormattedMessage id="uc.allowList.myIpUnknown" />
              )}
            </Text>
            {current ? (
              <Button
                size="sm"
                colorPalette="brand"
                variant="outline"
                disabled={busy || currentListed}
                onClick={() => void add(current)}
                data-testid="allow-add-mine"
              >
                <FormattedMessage id={currentListed ? 'uc.allowList.mineListed' : 'uc.allowList.addMine'} />
              </Button>
            ) : null}
          </HStack>
        </Stack>

        {entries.isPending ? (
          <Skeleton height="80px" borderRadius="l2" />
        ) : entries.isError ? (
          <QueryFailure onRetry={() => void entries.refetch()} />
        ) : list.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="allow-empty">
            <FormattedMessage id="uc.allowList.empty" />
          </Text>
        ) : (
          <ResponsiveTable
            testId="allow-table"
            columns={allowColumns}
            items={list}
            rowKey={(e) => e.id}
            rowProps={() => ({ 'data-testid': 'allow-row' })}
            ariaLabel={intl.formatMessage({ id: 'uc.allowList.title' })}
          />
        )}

        <Stack
          as="form"
          direction={{ base: 'column', md: 'row' }}
          align={{ md: 'flex-end' }}
          gap={3}
          onSubmit={(event) => {
            event.preventDefault();
            void add(address);
          }}
        >
          <Field.Root maxW={{ md: 'xs' }}>
            <Field.Label>
              <FormattedMessage id="uc.allowList.address" />
            </Field.Label>
            <Input
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder="203.0.113.7"
              autoComplete="off"
              data-testid="allow-address"
            />
          </Field.Root>
          <Field.Root maxW={{ md: 'xs' }}>
            <Field.Label>
              <FormattedMessage id="uc.allowList.note" />
            </Field.Label>
            <Input value={note} maxLength={100} onChange={(e) => setNote(e.target.value)} data-testid="allow-note" />
          </Field.Root>
          <Button type="submit" colorPalette="brand" variant="outline" disabled={busy} data-testid="allow-add">
            <FormattedMessage id="uc.allowList.add" />
          </Button>
        </Stack>
        <ActionFailure message={failure} testId="allow-error" />
      </Card.Body>
    </Card.Root>
  );
}
