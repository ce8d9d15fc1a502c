import { Badge, Button, HStack, IconButton, Table, Text } from '@portal/shared/chakra';
import { Clipboard } from '@portal/shared/chakra/deferred';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PayStatus, type RechargeOrder, RechargeOrderStatus, canPay, effectiveStatus, formatCountdown } from '@portal/shared';
import { ListPageFrame, tableCsv, useListSearch, useLocalePath, useFileExport } from '@portal/shared/ui';
import { DateRangeFields, FilterSelect } from '@portal/shared/ui/forms';
import { InvoiceCell } from './InvoiceCell.tsx';
import { ORDER_COLUMNS, orderCells, orderHeader } from './orderCells.ts';
import { useOrderInvoices } from './useInvoices.ts';
import { fetchAllOrders, isStatusFilter, ORDERS_PAGE_SIZE, orderFilter, STATUS_FILTERS, useOrders } from './useOrders.ts';

const STATUS_COLOR: Record<RechargeOrderStatus, string> = {
  [RechargeOrderStatus.Pending]: 'orange',
  [RechargeOrderStatus.Success]: 'green',
  [RechargeOrderStatus.Closed]: 'gray',
};

/** Now, ticking every second while `active` (the countdowns of unpaid orders). */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** /admin/dynamic/list: the caller's traffic orders, filtered by status and creation date, with CSV export. */
export default function OrderListPage() {
  const intl = useIntl();
  const search = useListSearch();
  const rawStatus = search.params.get('status');
  const status = isStatusFilter(rawStatus) ? rawStatus : '';
  const filter = useMemo(() => orderFilter(status, search.from, search.to), [status, search.from, search.to]);
  const filtered = Boolean(status || search.from || search.to);
  const orders = useOrders(filter, search.page);
  const list = orders.data?.list ?? [];
  const now = useNow(list.some((o) => canPay(o, Date.now())));
  const paidIds = useMemo(() => list.filter((o) => o.payStatus === PayStatus.Paid).map((o) => o.id), [list]);
  const invoices = useOrderInvoices(paidIds);
  const csv = useFileExport();

  const exportCsv = () =>
    csv.run(async () => {
      const all = await fetchAllOrders(filter);
      const at = Date.now();
      return tableCsv('orders', ORDER_COLUMNS, orderHeader(intl), all, (o) => orderCells(o, intl, at));
    });

  const header = orderHeader(intl);
  return (
    <ListPageFrame
      maxW="7xl"
      titleId="uc.dynamicList.title"
      descriptionId="uc.dynamicList.description"
      filters={
        <>
          <FilterSelect
            labelId="uc.orders.filter.status"
            value={status}
            options={(Object.keys(STATUS_FILTERS) as (keyof typeof STATUS_FILTERS)[]).map((key) => ({
              value: key,
              label: intl.formatMessage({ id: `uc.orders.status.${STATUS_FILTERS[key]}` }),
            }))}
            onChange={(v) => search.setFilters({ status: v })}
            testId="orders-status-filter"
          />
          <DateRangeFields
            from={search.from}
            to={search.to}
            onChange={search.setFilters}
            fromLabelId="uc.orders.createdFrom"
            toLabelId="uc.orders.createdTo"
          />
        </>
      }
      filtered={filtered}
      onClearFilters={() => search.setFilters({ status: null, from: null, to: null })}
      clearLabelId="uc.list.clearFilters"
      exportButton={{ testId: 'orders-export', labelId: 'uc.list.export', onExport: exportCsv, exporting: csv.exporting }}
      query={orders}
      loadFailedId="uc.orders.loadFailed"
      empty={{
        testId: 'orders-empty',
        ids: ['uc.orders.empty.title', 'uc.orders.empty.description'],
        filteredIds: ['uc.orders.emptyFiltered.title', 'uc.orders.emptyFiltered.description'],
        link: { to: '/admin/dynamic/buy', labelId: 'uc.orders.buy' },
      }}
      table={{
        testId: 'orders-table',
        columns: [
          ...ORDER_COLUMNS.map((key, i) => ({ key, label: header[i] })),
          { key: 'invoice', label: <FormattedMessage id="uc.orders.col.invoice" /> },
          { key: 'actions', label: <FormattedMessage id="uc.orders.col.actions" /> },
        ],
        row: (order) => <OrderRow key={order.id} order={order} now={now} invoices={invoices} />,
      }}
      pageSize={ORDERS_PAGE_SIZE}
      search={search}
    />
  );
}

function OrderRow({
  order,
  now,
  invoices,
}: {
  order: RechargeOrder;
  now: number;
  invoices: ReturnType<typeof useOrderInvoices>;
}) {
  const intl = useIntl();
  const to = useLocalePath();
  const cells = orderCells(order, intl, now);
  const status = effectiveStatus(order, now);
  const payable = canPay(order, now);
  return (
    <Table.Row data-testid="order-row" data-order-no={order.orderNo}>
      <Table.Cell>
        <HStack gap={1}>
          <Text as="span" fontFamily="mono" fontSize="sm">
            {order.orderNo}
          </Text>
          <Clipboard.Root value={order.orderNo}>
            <Clipboard.Trigger asChild>
              <IconButton size="2xs" variant="ghost" aria-label={intl.formatMessage({ id: 'uc.orders.copy' })}>
                <Clipboard.Indicator />
              </IconButton>
            </Clipboard.Trigger>
          </Clipboard.Root>
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLOR[status]}>{cells.status}</Badge>
      </Table.Cell>
      <Table.Cell>{cells.source}</Table.Cell>
      <Table.Cell>{cells.gift}</Table.Cell>
      <Table.Cell>{cells.traffic}</Table.Cell>
      <Table.Cell>{cells.rechargeAmount}</Table.Cell>
      <Table.Cell fontWeight="medium">{cells.payAmount}</Table.Cell>
      <Table.Cell>{cells.payType ?? '—'}</Table.Cell>
      <Table.Cell fontVariantNumeric="tabular-nums">{cells.payTime ?? '—'}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={order.payStatus === PayStatus.Paid ? 'green' : 'gray'} variant="outline">
          {cells.payStatus}
        </Badge>
      </Table.Cell>
      <Table.Cell>
        <InvoiceCell order={order} invoices={invoices} />
      </Table.Cell>
      <Table.Cell>
        {payable ? (
          <HStack gap={2}>
            <Button asChild size="xs" colorPalette="brand">
              <Link to={to(`/order?id=${order.id}`)}>
                <FormattedMessage id="uc.orders.pay" />
              </Link>
            </Button>
            <Text as="span" fontSize="xs" color="orange.fg" fontVariantNumeric="tabular-nums">
              <FormattedMessage id="uc.orders.timeLeft" values={{ time: formatCountdown(order.payDeadline - now) }} />
            </Text>
          </HStack>
        ) : (
          '—'
        )}
      </Table.Cell>
    </Table.Row>
  );
}
