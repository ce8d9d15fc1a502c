import { Badge, Button, HStack, IconButton, Text } from '@portal/shared/chakra';
import { Clipboard } from '@portal/shared/chakra/deferred';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import {
  type OrderRefund,
  PayStatus,
  type RechargeOrder,
  RechargeOrderStatus,
  canPay,
  effectiveStatus,
  formatCountdown,
} from '@portal/shared';
import {
  type ListColumn,
  ListPageFrame,
  tableCsv,
  useListSearch,
  useLocalePath,
  useTeamCan,
  useFileExport,
  paymentCells,
  tableColumns,
} from '@portal/shared/ui';
import { DateRangeFields, FilterSelect, InvoiceCell, useOrderInvoices } from '@portal/shared/ui/forms';
import { ORDER_COLUMNS, orderCells, orderHeader } from './orderCells.ts';
import { offersRefund, RefundAction } from './RefundAction.tsx';
import { fetchAllOrders, isStatusFilter, ORDERS_PAGE_SIZE, orderFilter, STATUS_FILTERS, useOrders } from './useOrders.ts';

const STATUS_COLOR: Record<RechargeOrderStatus, string> = {
  [RechargeOrderStatus.Pending]: 'orange',
  [RechargeOrderStatus.Success]: 'green',
  [RechargeOrderStatus.Closed]: 'gray',
};

const REFUND_COLOR: Record<OrderRefund['state'], string> = { pending: 'orange', succeeded: 'purple', closed: 'red' };

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
  const invoices = useOrderInvoices('recharge', paidIds);
  const csv = useFileExport();

  const exportCsv = () =>
    csv.run(async () => {
      const all = await fetchAllOrders(filter);
      const at = Date.now();
      return tableCsv('orders', ORDER_COLUMNS, orderHeader(intl), all, (o) => orderCells(o, intl, at));
    });

  return (
    <ListPageFrame
      maxW="7xl"
      titleId="shared.page.dynamicList"
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
        columns: rechargeOrderColumns(intl, now, invoices),
        rowKey: (order) => order.id,
        rowProps: (order) => ({ 'data-testid': 'order-row', 'data-order-no': order.orderNo }),
      }}
      pageSize={ORDERS_PAGE_SIZE}
      search={search}
    />
  );
}

/**
 * The traffic orders' columns; on a phone each order is a card headed by its number with Pay (and
 * its countdown) at the end, the invoice line (request or download) above it.
 */
function rechargeOrderColumns(
  intl: IntlShape,
  now: number,
  invoices: ReturnType<typeof useOrderInvoices>,
): ListColumn<RechargeOrder>[] {
  const column = tableColumns(ORDER_COLUMNS, orderHeader(intl), (order: RechargeOrder) => orderCells(order, intl, now));
  return [
    column('orderNo', (order) => <OrderNo order={order} />, { card: 'title' }),
    column('status', (order, cells) => (
      <Badge
        colorPalette={order.refund ? REFUND_COLOR[order.refund.state] : STATUS_COLOR[effectiveStatus(order, now)]}
        data-testid={order.refund ? 'order-refund-status' : undefined}
      >
        {cells.status}
      </Badge>
    )),
    column('traffic', (_, cells) => cells.traffic),
    column('payAmount', (_, cells) => (
      <Text as="span" fontWeight="medium">
        {cells.payAmount}
      </Text>
    )),
    column('payStatus', paymentCells.payStatus),
    {
      key: 'invoice',
      label: intl.formatMessage({ id: 'uc.orders.col.invoice' }),
      cell: (order) => (
        <InvoiceCell
          order={{
            kind: 'recharge',
            id: order.id,
            orderNo: order.orderNo,
            amountFen: order.payAmountFen,
            paid: order.payStatus === PayStatus.Paid,
            accountType: order.accountType,
          }}
          invoices={invoices}
        />
      ),
    },
    {
      key: 'actions',
      label: intl.formatMessage({ id: 'uc.orders.col.actions' }),
      card: 'action',
      cell: (order) => (offersRefund(order) ? <RefundAction order={order} /> : <PayAction order={order} now={now} />),
    },
    // Where it was placed, the gift, the price before fees and how it was paid: in the row's details.
    column('source', (_, cells) => cells.source, { detail: true }),
    column('gift', (_, cells) => cells.gift, { detail: true }),
    column('rechargeAmount', (_, cells) => cells.rechargeAmount, { detail: true }),
    column('payType', paymentCells.payType, { detail: true }),
    column('payTime', paymentCells.payTime, { detail: true }),
  ];
}

function OrderNo({ order }: { order: RechargeOrder }) {
  const intl = useIntl();
  return (
    <HStack gap={1} display="inline-flex">
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
  );
}

function PayAction({ order, now }: { order: RechargeOrder; now: number }) {
  const to = useLocalePath();
  const canBuy = useTeamCan('buy');
  if (!canPay(order, now) || !canBuy) return '—';
  return (
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
  );
}
