import { Button, Card, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ResponsiveTable, ActionFailure } from '@portal/shared/ui';
import { api, type ProxyAccount } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { accountColumns } from './accountColumns.tsx';
import { useAccountChange } from './useProxyAccounts.ts';

/** The main account and its sub-accounts: reveal, reset, enable or delete them, and add one. */
export function AccountsCard({ accounts }: { accounts: ProxyAccount[] }) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [capGb, setCapGb] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const { run, failure } = useAccountChange();

  const add = () =>
    run(
      async () => {
        const cap = capGb.trim() ? Math.round(Number(capGb) * 1024) : null;
        await callApi(api.proxyAccountCreate, { body: { name: name.trim(), trafficCapMb: cap && cap > 0 ? cap : null } });
        setName('');
        setCapGb('');
      },
      'uc.proxy.added',
      'uc.proxy.addFail',
    );

  return (
    <Card.Root data-testid="proxy-accounts">
      <Card.Header>
        <Card.Title as="h2">
          <FormattedMessage id="uc.proxy.accounts" />
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="uc.proxy.accountsHint" />
        </Text>
      </Card.Header>
      <Card.Body gap={4}>
        <ResponsiveTable
          testId="proxy-account-table"
          columns={accountColumns({
            intl,
            isShown: (a) => shown === a.id,
            onToggleShown: (a) => setShown(shown === a.id ? null : a.id),
            run,
          })}
          items={accounts}
          rowKey={(a) => a.id}
          rowProps={(a) => ({ 'data-testid': 'proxy-account-row', 'data-username': a.username })}
          ariaLabel={intl.formatMessage({ id: 'uc.proxy.accounts' })}
        />
        <Stack direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} gap={3}>
          <Field.Root maxW={{ md: 'xs' }}>
            <Field.Label>
              <FormattedMessage id="uc.proxy.subName" />
            </Field.Label>
            <Input value={name} onChange={(e) => setName(e.target.value)} data-testid="sub-name" />
          </Field.Root>
          <Field.Root maxW={{ md: '3xs' }}>
            <Field.Label>
              <FormattedMessage id="uc.proxy.capGb" />
            </Field.Label>
            <Input inputMode="decimal" value={capGb} onChange={(e) => setCapGb(e.target.value)} data-testid="sub-cap" />
          </Field.Root>
          <Button onClick={() => void add()} colorPalette="brand" variant="outline" data-testid="sub-add">
            <FormattedMessage id="uc.proxy.addSub" />
          </Button>
        </Stack>
        <ActionFailure message={failure} testId="proxy-account-error" />
      </Card.Body>
    </Card.Root>
  );
}
