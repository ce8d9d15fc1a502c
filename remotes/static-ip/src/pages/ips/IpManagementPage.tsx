import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { CertificationNotice, ListPageFrame, useListSearch, useTeamCan } from '@portal/shared/ui';
import { staticKeys } from '../../common/keys.ts';
import { parseResourceType } from '../../features/catalogue/calls.ts';
import { PayDialog } from '../../features/pay/PayDialog.tsx';
import { RenewDialog } from '../../features/renew/RenewDialog.tsx';
import { ExchangeDialog } from './ExchangeDialog.tsx';
import { IpFilters } from './IpFilters.tsx';
import { ipColumns, SelectPageBox } from './ipColumns.tsx';
import { IpToolbar } from './IpToolbar.tsx';
import { pageState, toggleIp, togglePage } from './selection.ts';
import { useIpActions } from './useIpActions.ts';
import { IPS_PAGE_SIZE, ipFilter, isIpStatusFilter, KEYWORD_MAX, useStaticIps } from './useStaticIps.ts';

/**
 * /admin/static/management (and /admin/static/components/IPManagement): the caller's IPs with
 * credentials and a live countdown, filters in the URL, copy, TXT/CSV export, and renewal and
 * region exchange of the selected IPs.
 */
export default function IpManagementPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const search = useListSearch();
  const { params, setFilters } = search;
  const type = parseResourceType(params.get('type'));
  const rawStatus = params.get('status');
  const status = isIpStatusFilter(rawStatus) ? rawStatus : '';
  const keyword = (params.get('q') ?? '').slice(0, KEYWORD_MAX);
  const expiringToday = params.get('today') === '1';
  const filter = useMemo(
    () => ipFilter({ type, status, keyword, expiringToday }, Date.now()),
    [type, status, keyword, expiringToday],
  );
  const filtered = Boolean(type !== null || status || keyword || expiringToday);
  const ips = useStaticIps(filter, search.page);
  const list = ips.data?.list ?? [];
  const total = ips.data?.total ?? 0;
  const actions = useIpActions(filter);
  const canBuy = useTeamCan('buy');
  const { selection, setSelection, setPaying } = actions;
  const closePay = useCallback(() => setPaying(null), [setPaying]);

  return (
    <ListPageFrame
      maxW="7xl"
      titleId="shared.page.staticManagement"
      descriptionId="static.management.description"
      notices={<CertificationNotice />}
      filters={<IpFilters type={type} status={status} keyword={keyword} expiringToday={expiringToday} setFilters={setFilters} />}
      filtered={filtered}
      onClearFilters={() => setFilters({ type: null, status: null, q: null, today: null })}
      clearLabelId="static.list.clearFilters"
      toolbar={
        <IpToolbar
          selected={selection.size}
          onClearSelection={() => setSelection(new Map())}
          onRenew={canBuy ? () => actions.startRenew() : undefined}
          onExchange={actions.startExchange}
          onExport={(kind) => void actions.exportIps(kind)}
          exporting={actions.exporting}
          empty={total === 0}
          actionError={actions.actionError}
          selectPage={
            <SelectPageBox
              state={pageState(selection, list)}
              disabled={list.length === 0}
              onChange={(on) => setSelection((s) => togglePage(s, list, on))}
              testId="ip-select-page-phone"
            />
          }
        />
      }
      query={ips}
      loadFailedId="static.ips.loadFailed"
      empty={{
        testId: 'static-ip-empty',
        ids: ['static.ips.empty.title', 'static.ips.empty.description'],
        filteredIds: ['static.ips.emptyFiltered.title', 'static.ips.emptyFiltered.description'],
        link: { to: '/admin/static/buy', labelId: 'static.list.buy' },
        linkWhenFiltered: true,
      }}
      table={{
        testId: 'static-ip-table',
        columns: ipColumns({
          intl,
          selectPage: (
            <SelectPageBox
              state={pageState(selection, list)}
              disabled={list.length === 0}
              onChange={(on) => setSelection((s) => togglePage(s, list, on))}
            />
          ),
          isSelected: (ip) => selection.has(ip.id),
          onSelect: (ip, on) => setSelection((s) => toggleIp(s, ip, on)),
          onCopy: (ip) => void actions.copy(ip),
          onRenew: canBuy ? (ip) => actions.startRenew([ip]) : undefined,
        }),
        rowKey: (ip) => ip.id,
        rowProps: (ip) => ({
          'data-testid': 'static-ip-row',
          'data-ip-id': ip.id,
          'data-host': ip.host,
          'data-selected': selection.has(ip.id) || undefined,
        }),
      }}
      pageSize={IPS_PAGE_SIZE}
      search={search}
    >
      <RenewDialog
        target={actions.renewTarget}
        place={(durationDays) =>
          callApi(api.renewalIps, { body: { itemIds: (actions.renewing ?? []).map((ip) => ip.id), durationDays } })
        }
        onPlaced={(order) => {
          actions.setRenewing(null);
          setPaying(order);
          void queryClient.invalidateQueries({ queryKey: staticKeys.orders });
        }}
        onClose={() => actions.setRenewing(null)}
      />
      <ExchangeDialog
        ips={actions.exchanging}
        onClose={() => actions.setExchanging(null)}
        onDone={() => {
          actions.setExchanging(null);
          setSelection(new Map());
        }}
      />
      <PayDialog order={actions.paying} onClose={closePay} />
    </ListPageFrame>
  );
}
