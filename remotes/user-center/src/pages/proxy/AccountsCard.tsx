import { Button, Card, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ResponsiveTable, ActionFailure } from '@portal/shared/ui';
import { api, type CapPeriod, type ProxyAccount } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { accountColumns } from './accountColumns.tsx';
import { CapDialog, CapFields } from './CapDialog.tsx';
import { ListLinkDialog } from './ListLinkDialog.tsx';
import { parseGb } from './capUsage.ts';
import type { GeneratorState } from './useGenerator.ts';
import { useAccountChange } from './useProxyAccounts.ts';

/** The main account and its sub-accounts: reveal, reset, enable or delete them, their list links, and add one. */
export function AccountsCard({ accounts, generator }: { accounts: ProxyAccount[]; generator: GeneratorState }) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [capGb, setCapGb] = useState('');
  const [capPeriod, setCapPeriod] = useState<CapPeriod>('month');
  const [shown, setShown] = useState<number | null>(null);
  const [editingCap, setEditingCap] = useState<ProxyAccount | null>(null);
  const [listLinkOf, setListLinkOf] = useState<ProxyAccount | null>(null);
  const { run, failure } = useAccountChange();
  const cap = parseGb(capGb);

  const add = () => {
    if (!cap) return;
    return run(
      async () => {
        await callApi(api.proxyAccountCreate, { body: { name: name.trim(), trafficCapMb: cap.mb, capPeriod } });
        setName('');
        setCapGb('');
      },
      'uc.proxy.added',
      'uc.proxy.addFail',
    );
  };

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
            onEditCap: setEditingCap,
            onListLink: setListLinkOf,
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
          <CapFields capGb={capGb} onCapGb={setCapGb} period={capPeriod} onPeriod={setCapPeriod} invalid={!cap} />
          <Button onClick={() => void add()} colorPalette="brand" variant="outline" disabled={!cap} data-testid="sub-add">
            <FormattedMessage id="uc.proxy.addSub" />
          </Button>
        </Stack>
        <ActionFailure message={failure} testId="proxy-account-error" />
        <CapDialog account={editingCap} onClose={() => setEditingCap(null)} run={run} />
        <ListLinkDialog account={listLinkOf} generator={generator} onClose={() => setListLinkOf(null)} />
      </Card.Body>
    </Card.Root>
  );
}
