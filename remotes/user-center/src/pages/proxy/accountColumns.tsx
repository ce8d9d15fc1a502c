import { Badge, Button, HStack, Stack, Text } from '@portal/shared/chakra';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { api, formatTraffic, type ProxyAccount } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import type { ListColumn } from '@portal/shared/ui';
import { UsageBar } from './UsageBar.tsx';
import type { RunChange } from './useProxyAccounts.ts';

/**
 * The proxy accounts' columns: credentials (password on demand), state, traffic and what can be
 * done to an account. On a phone each account is a card headed by its username, its actions last.
 */
export function accountColumns({
  intl,
  isShown,
  onToggleShown,
  onEditCap,
  onListLink,
  run,
}: {
  intl: IntlShape;
  isShown: (a: ProxyAccount) => boolean;
  onToggleShown: (a: ProxyAccount) => void;
  onEditCap: (a: ProxyAccount) => void;
  onListLink: (a: ProxyAccount) => void;
  run: RunChange;
}): ListColumn<ProxyAccount>[] {
  const label = (c: string) => intl.formatMessage({ id: `uc.proxy.col.${c}` });
  return [
    {
      key: 'username',
      label: label('username'),
      card: 'title',
      cell: (a) => (
        <Text as="span" fontFamily="mono">
          {a.username}
          {a.main ? (
            <Badge ms={2} colorPalette="brand">
              <FormattedMessage id="uc.proxy.main" />
            </Badge>
          ) : null}
        </Text>
      ),
    },
    {
      key: 'password',
      label: label('password'),
      cell: (a) => (
        <Text as="span" fontFamily="mono" whiteSpace="nowrap">
          {isShown(a) ? a.password : '••••••••'}{' '}
          <Button size="2xs" variant="ghost" onClick={() => onToggleShown(a)}>
            <FormattedMessage id={isShown(a) ? 'uc.proxy.hide' : 'uc.proxy.show'} />
          </Button>
        </Text>
      ),
    },
    {
      key: 'status',
      label: label('status'),
      cell: (a) => (
        <Badge colorPalette={a.enabled ? 'green' : 'gray'}>
          <FormattedMessage id={a.enabled ? 'uc.proxy.enabled' : 'uc.proxy.disabled'} />
        </Badge>
      ),
    },
    {
      key: 'cap',
      label: label('cap'),
      cell: (a) =>
        a.trafficCapMb
          ? intl.formatMessage(
              { id: a.capPeriod === 'total' ? 'uc.proxy.cap.perTotal' : 'uc.proxy.cap.perMonth' },
              { cap: formatTraffic(a.trafficCapMb, intl.locale) },
            )
          : intl.formatMessage({ id: 'uc.proxy.noCap' }),
    },
    { key: 'used', label: label('used'), cell: (a) => <UsedColumn account={a} /> },
    {
      key: 'actions',
      label: label('actions'),
      card: 'action',
      cell: (a) => <AccountActions account={a} run={run} onEditCap={onEditCap} onListLink={onListLink} />,
    },
  ];
}

/** Used traffic against the cap, and against the sub-account's spend limits when it has them. */
function UsedColumn({ account: a }: { account: ProxyAccount }) {
  return (
    <Stack gap={2}>
      <UsageBar
        usedMb={a.usedMb}
        limitMb={a.trafficCapMb}
        ofId="uc.proxy.used.ofLimit"
        unlimitedId={a.capPeriod === 'total' ? 'uc.proxy.used.total' : 'uc.proxy.used.month'}
        pausedId="uc.proxy.cap.paused"
        testId="proxy-cap-usage"
      />
      {a.dailyLimitMb !== null ? (
        <UsageBar
          usedMb={a.todayUsedMb}
          limitMb={a.dailyLimitMb}
          ofId="uc.proxy.limit.todayOf"
          unlimitedId="uc.proxy.limit.today"
          pausedId="uc.proxy.limit.pausedDay"
          testId="proxy-daily-usage"
        />
      ) : null}
      {a.monthlyLimitMb !== null ? (
        <UsageBar
          usedMb={a.monthUsedMb}
          limitMb={a.monthlyLimitMb}
          ofId="uc.proxy.limit.monthOf"
          unlimitedId="uc.proxy.used.month"
          pausedId="uc.proxy.limit.pausedMonth"
          testId="proxy-monthly-usage"
        />
      ) : null}
    </Stack>
  );
}

function AccountActions({
  account: a,
  run,
  onEditCap,
  onListLink,
}: {
  account: ProxyAccount;
  run: RunChange;
  onEditCap: (a: ProxyAccount) => void;
  onListLink: (a: ProxyAccount) => void;
}) {
  // The main account can only have its password reset; edits and resets share one failure text.
  const change =
    (work: () => Promise<unknown>, okId: string, failId = 'uc.proxy.editFail') =>
    () =>
      void run(work, okId, failId);
  return (
    <HStack gap={1} wrap="wrap">
      <RowAction labelId="uc.proxy.listLink.action" onClick={() => onListLink(a)} testId="proxy-list-link-open" />
      <RowAction
        labelId="uc.proxy.resetPassword"
        onClick={change(() => callApi(api.proxyAccountResetPassword, { body: { id: a.id } }), 'uc.proxy.passwordReset')}
      />
      {a.main ? null : (
        <>
          <RowAction labelId="uc.proxy.cap.edit" onClick={() => onEditCap(a)} />
          <RowAction
            labelId={a.enabled ? 'uc.proxy.disable' : 'uc.proxy.enable'}
            onClick={change(
              () => callApi(api.proxyAccountUpdate, { body: { id: a.id, enabled: !a.enabled } }),
              'uc.proxy.edited',
            )}
          />
          <RowAction
            labelId="uc.proxy.delete"
            danger
            onClick={change(
              () => callApi(api.proxyAccountDelete, { body: { id: a.id } }),
              'uc.proxy.deleted',
              'uc.proxy.deleteFail',
            )}
          />
        </>
      )}
    </HStack>
  );
}

function RowAction({
  labelId,
  danger = false,
  onClick,
  testId,
}: {
  labelId: string;
  danger?: boolean;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Button size="xs" variant="outline" colorPalette={danger ? 'red' : undefined} onClick={onClick} data-testid={testId}>
      <FormattedMessage id={labelId} />
    </Button>
  );
}
