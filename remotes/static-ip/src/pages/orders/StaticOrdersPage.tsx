import { Badge, Button, HStack, IconButton, Text } from '@portal/shared/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import {
  api,
  formatFen,
  type OrderRefund,
  PayStatus,
  type StaticOrder,
  StaticOrderStatus,
  StaticOrderType,
  canPay,
  effectiveStatus,
  formatCountdown,
} from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import {
  type ListColumn,
  ListPageFrame,
  paymentCells,
  positiveInt,
  tableColumns,
  useListSearch,
  useFileExport,
  useTeamCan,
} from '@portal/shared/ui';
import { DateRangeFields, FilterSelect, InvoiceCell, useOrderInvoices } from '@portal/shared/ui/forms';
import { staticKeys } from '../../common/keys.ts';
import { ORDER_STATUS_COLOR } from '../../common/orderStatus.ts';
import { ResourceTypeFilter } from '../../common/ResourceTypeFilter.tsx';
import { useNow } from '../../common/ticker.ts';
import { parseResourceType } from '../../features/catalogue/calls.ts';
import { PayDialog } from '../../features/pay/PayDialog.tsx';
import { RenewDialog, type RenewTarget } from '../../features/renew/RenewDialog.tsx';
import { OrderBanner } from './OrderBanner.tsx';
import { ORDER_COLUMNS, orderCells, orderCsv, orderHeader } from './orderCells.ts';
import { RemarkDialog } from './RemarkDialog.tsx';
import {
  fetchAllStaticOrders,
  isPayFilter,
  ORDERS_PAGE_SIZE,
  orderFilter,
  PAY_FILTERS,
  useStaticOrders,
} from './useStaticOrders.ts';

/**
 * /admin/static/list (and /admin/static/components/OrderList): the caller's static IP orders with
 * filters in the URL, CSV export, remarks, paying pending orders and renewing completed purchases.
 * `?order=<id>` is where the payment provider sends the browser back.
 */
export default function StaticOrdersPage() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const search = useListSearch();
  const type = parseResourceType(search.params.get('type'));
  const rawPay = search.params.get('pay');
  const pay = isPayFilter(rawPay) ? rawPay : '';
  const filter = useMemo(() => orderFilter(type, pay, search.from, search.to), [type, pay, search.from, search.to]);
  const filtered = Boolean(type !== null || pay || search.from || search.to);
  const orders = useStaticOrders(filter, search.page);
  const list = orders.data?.list ?? [];
  const paidIds = useMemo(() => list.filter((o) => o.payStatus === PayStatus.Paid).map((o) => o.id), [list]);
  const invoices = useOrderInvoices('static', paidIds);
  const file = useFileExport();
  const returnedOrder = positiveInt(search.params.get('order'));
  const cancelled = search.params.get('cancelled') === '1';

  const canBuy = useTeamCan('buy');
  const canEditRemark = useTeamCan('proxy');
  const [paying, setPaying] = useState<StaticOrder | null>(null);
  const [renewing, setRenewing] = useState<StaticOrder | null>(null);
  const [editing, setEditing] = useState<StaticOrder | null>(null);

  const { setFilters } = search;
  const dismissBanner = () => setFilters({ order: null, cancelled: null });
  const closePay = useCallback(() => setPaying(null), []);

  const exportCsv = () =>
    file.run(async () => {
      const all = await fetchAllStaticOrders(filter);
      return { kind: 'csv', name: 'static-orders', ...orderCsv(all, intl, Date.now()) };
    });

  const renewTarget: RenewTarget | null = renewing
    ? { resourceType: renewing.resourceType, count: renewing.count, estimate: true, subject: renewing.orderNo }
    : null;

  return (
    <ListPageFrame
      maxW="7xl"
      titleId="shared.page.staticList"
      descriptionId="static.list.description"
      notices={
        returnedOrder !== null ? (
          <OrderBanner orderId={returnedOrder} cancelled={cancelled} onDismiss={dismissBanner} onPay={setPaying} />
        ) : null
      }
      filters={
        <>
          <ResourceTypeFilter value={type} onChange={(v) => setFilters({ type: v })} testId="static-orders-type-filter" />
          <FilterSelect
            labelId="static.filter.payStatus"
            value={pay}
            options={(Object.keys(PAY_FILTERS) as (keyof typeof PAY_FILTERS)[]).map((key) => ({
              value: key,
              label: intl.formatMessage({ id: `static.payStatus.${PAY_FILTERS[key]}` }),
            }))}
            onChange={(v) => setFilters({ pay: v })}
            testId="static-orders-pay-filter"
          />
          <DateRangeFields
            from={search.from}
            to={search.to}
            onChange={setFilters}
            fromLabelId="static.filter.createdFrom"
            toLabelId="static.filter.createdTo"
          />
        </>
      }
      filtered={filtered}
      onClearFilters={() => setFilters({ type: null, pay: null, from: null, to: null })}
      clearLabelId="static.list.clearFilters"
      exportButton={{
        testId: 'static-orders-export',
        labelId: 'static.list.exportCsv',
        onExport: () => void exportCsv(),
        exporting: file.exporting,
      }}
      query={orders}
      loadFailedId="static.orders.loadFailed"
      empty={{
        testId: 'static-orders-empty',
        ids: ['static.orders.empty.title', 'static.orders.empty.description'],
        filteredIds: ['static.orders.emptyFiltered.title', 'static.orders.emptyFiltered.description'],
        link: { to: '/admin/static/buy', labelId: 'static.list.buy' },
      }}
      table={{
        testId: 'static-orders-table',
        columns: staticOrderColumns(intl, invoices, {
          onPay: canBuy ? setPaying : undefined,
          onRenew: canBuy ? setRenewing : undefined,
          onEditRemark: canEditRemark ? setEditing : undefined,
        }),
        rowKey: (order) => order.id,
        rowProps: (order) => ({ 'data-testid': 'static-order-row', 'data-order-no': order.orderNo, 'data-status': order.status }),
      }}
      pageSize={ORDERS_PAGE_SIZE}
      search={search}
    >
      <RemarkDialog order={editing} onClose={() => setEditing(null)} />
      <RenewDialog
        target={renewTarget}
        place={(durationDays) => callApi(api.renewalCreate, { body: { orderId: renewing?.id as number, durationDays } })}
        onPlaced={(order) => {
          setRenewing(null);
          setPaying(order);
          void queryClient.invalidateQueries({ queryKey: staticKeys.orders });
        }}
        onClose={() => setRenewing(null)}
      />
      <PayDialog order={paying} onClose={closePay} />
    </ListPageFrame>
  );
}

/** An action is absent when the member's role may not do it (decision 0054): its button is not shown. */
type OrderActions = {
  onPay?: (order: StaticOrder) => void;
  onRenew?: (order: StaticOrder) => void;
  onEditRemark?: (order: StaticOrder) => void;
};

/**
 * The static orders' columns: the table keeps what tells orders apart (and fits at 1280 px) and
 * moves creation time, type, count, duration and the payment's details into each row's details; on a phone each order is a card headed by its number,
 * ending with Pay or Renew.
 */
function staticOrderColumns(
  intl: IntlShape,
  invoices: ReturnType<typeof useOrderInvoices>,
  actions: OrderActions,
): ListColumn<StaticOrder>[] {
  const column = tableColumns(ORDER_COLUMNS, orderHeader(intl), (order: StaticOrder) => orderCells(order, intl));
  return [
    column(
      'orderNo',
      (order) => (
        <Text as="span" fontFamily="mono" fontSize="sm" whiteSpace="nowrap">
          {order.orderNo}
        </Text>
      ),
      { card: 'title' },
    ),
    column('orderType', (_, cells) => cells.orderType),
    column('amount', (_, cells) => (
      <Text as="span" fontWeight="medium">
        {cells.amount}
      </Text>
    )),
    {
      key: 'status',
      label: intl.formatMessage({ id: 'static.orders.col.status' }),
      cell: (order) =>
        order.refund ? (
          <RefundBadge refund={order.refund} />
        ) : order.status === StaticOrderStatus.Pending ? (
          <PendingStatus order={order} />
        ) : (
          <StatusBadge status={order.status} />
        ),
    },
    column('remark', (order, cells) => (
      // One line in the table; on a phone's card the remark wraps and the pencil stays in view.
      <HStack gap={1} maxW={{ base: 'full', md: '40' }} display="inline-flex">
        <Text as="span" minW={0} truncate={{ md: true }} title={order.remark || undefined} data-testid="static-order-remark">
          {cells.remark ?? '—'}
        </Text>
        {actions.onEditRemark ? (
          <IconButton
            size="2xs"
            variant="ghost"
            flexShrink={0}
            onClick={() => actions.onEditRemark?.(order)}
            aria-label={intl.formatMessage({ id: 'static.remark.edit' }, { orderNo: order.orderNo })}
            data-testid="static-remark-edit"
          >
            <span aria-hidden="true">✎</span>
          </IconButton>
        ) : null}
      </HStack>
    )),
    {
      key: 'invoice',
      label: intl.formatMessage({ id: 'static.orders.col.invoice' }),
      cell: (order) => (
        <InvoiceCell
          order={{
            kind: 'static',
            id: order.id,
            orderNo: order.orderNo,
            amountFen: order.amountFen,
            paid: order.payStatus === PayStatus.Paid,
          }}
          invoices={invoices}
        />
      ),
    },
    {
      key: 'actions',
      label: intl.formatMessage({ id: 'static.orders.col.actions' }),
      card: 'action',
      cell: (order) => <OrderAction order={order} {...actions} />,
    },
    column('createTime', (_, cells) => cells.createTime, { detail: true }),
    column('resourceType', (_, cells) => cells.resourceType, { detail: true }),
    column('count', (_, cells) => cells.count, { detail: true }),
    column('durationDays', (_, cells) => cells.durationDays, { detail: true }),
    column('payStatus', paymentCells.payStatus, { detail: true }),
    column('payType', paymentCells.payType, { detail: true }),
    column('payTime', paymentCells.payTime, { detail: true }),
    column('expireTime', (_, cells) => cells.expireTime ?? '—', { detail: true }),
  ];
}

function OrderAction({ order, onPay, onRenew }: { order: StaticOrder } & OrderActions) {
  const renewable = order.orderType === StaticOrderType.Purchase && order.status === StaticOrderStatus.Success;
  if (order.status === StaticOrderStatus.Pending) return onPay ? <PendingActions order={order} onPay={onPay} /> : '—';
  if (!renewable || !onRenew) return '—';
  return (
    <Button size="xs" variant="outline" colorPalette="brand" onClick={() => onRenew(order)} data-testid="static-order-renew">
      <FormattedMessage id="static.orders.renew" />
    </Button>
  );
}

function StatusBadge({ status }: { status: StaticOrderStatus }) {
  return (
    <Badge colorPalette={ORDER_STATUS_COLOR[status]} data-testid="static-order-status" whiteSpace="nowrap">
      <FormattedMessage id={`static.order.status.${status}`} />
    </Badge>
  );
}

/** A refunded order (decision 0058): refunded, on its way, or with support, and how much. */
function RefundBadge({ refund }: { refund: OrderRefund }) {
  const intl = useIntl();
  return (
    <Badge
      colorPalette={refund.state === 'succeeded' ? 'purple' : refund.state === 'closed' ? 'red' : 'orange'}
      data-testid="static-order-refund"
      whiteSpace="nowrap"
    >
      <FormattedMessage
        id={`static.order.refund.${refund.state}`}
        values={{ amount: formatFen(refund.amountFen, intl.locale) }}
      />
    </Badge>
  );
}

/** A pending order turns closed at its deadline: these cells follow the page's shared second ticker. */
function PendingStatus({ order }: { order: StaticOrder }) {
  const now = useNow();
  return <StatusBadge status={effectiveStatus(order, now)} />;
}

function PendingActions({ order, onPay }: { order: StaticOrder; onPay: (order: StaticOrder) => void }) {
  const now = useNow();
  if (!canPay(order, now)) return '—';
  return (
    <HStack gap={2}>
      <Button size="xs" colorPalette="brand" onClick={() => onPay(order)} data-testid="static-order-pay">
        <FormattedMessage id="static.orders.pay" />
      </Button>
      <Text as="span" fontSize="xs" color="orange.fg" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        <FormattedMessage id="static.orders.timeLeft" values={{ time: formatCountdown(order.payDeadline - now) }} />
      </Text>
    </HStack>
  );
}
