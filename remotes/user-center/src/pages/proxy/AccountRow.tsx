import { Badge, Button, HStack, Table } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, formatTraffic, type ProxyAccount } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import type { RunChange } from './useProxyAccounts.ts';

/** One proxy account: credentials (password on demand), state, traffic, and what can be done to it. */
export function AccountRow({
  account: a,
  shown,
  onToggleShown,
  run,
}: {
  account: ProxyAccount;
  shown: boolean;
  onToggleShown: () => void;
  run: RunChange;
}) {
  const intl = useIntl();
  // The main account can only have its password reset; edits and resets share one failure text.
  const change =
    (work: () => Promise<unknown>, okId: string, failId = 'uc.proxy.editFail') =>
    () =>
      void run(work, okId, failId);
  return (
    <Table.Row data-testid="proxy-account-row" data-username={a.username}>
      <Table.Cell fontFamily="mono" whiteSpace="nowrap">
        {a.username}
        {a.main ? (
          <Badge ms={2} colorPalette="brand">
            <FormattedMessage id="uc.proxy.main" />
          </Badge>
        ) : null}
      </Table.Cell>
      <Table.Cell fontFamily="mono" whiteSpace="nowrap">
        {shown ? a.password : '••••••••'}{' '}
        <Button size="2xs" variant="ghost" onClick={onToggleShown}>
          <FormattedMessage id={shown ? 'uc.proxy.hide' : 'uc.proxy.show'} />
        </Button>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={a.enabled ? 'green' : 'gray'}>
          <FormattedMessage id={a.enabled ? 'uc.proxy.enabled' : 'uc.proxy.disabled'} />
        </Badge>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {a.trafficCapMb ? formatTraffic(a.trafficCapMb, intl.locale) : intl.formatMessage({ id: 'uc.proxy.noCap' })}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatTraffic(a.usedMb, intl.locale)}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <HStack gap={1}>
          <RowAction
            labelId="uc.proxy.resetPassword"
            onClick={change(() => callApi(api.proxyAccountResetPassword, { body: { id: a.id } }), 'uc.proxy.passwordReset')}
          />
          {a.main ? null : (
            <>
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
      </Table.Cell>
    </Table.Row>
  );
}

function RowAction({ labelId, danger = false, onClick }: { labelId: string; danger?: boolean; onClick: () => void }) {
  return (
    <Button size="xs" variant="outline" colorPalette={danger ? 'red' : undefined} onClick={onClick}>
      <FormattedMessage id={labelId} />
    </Button>
  );
}
