import {
  Badge,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  IconButton,
  Spacer,
  Stack,
  Table,
  Text,
} from '@portal/shared/chakra';
import { Clipboard, Field, NativeSelect } from '@portal/shared/chakra/deferred';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PayStatus, type RechargeOrder, RechargeOrderStatus, canPay, effectiveStatus, formatCountdown } from '@portal/shared';
import { ListEmpty, LoadFailure, Pager, SkeletonRows, useListSearch, useLocalePath, useFileExport } from '@portal/shared/ui';
import { DateRangeFields } from '@portal/shared/ui/forms';
import { ORDER_COLUMNS, orderCells, orderHeader } from './orderCells.ts';
import { fetchAllOrders, isStatusFilter, ORDERS_PAGE_SIZE, orderFilter, STATUS_FILTERS, useOrders } from './useOrders.ts';

const STATUS_COLOR: Record<RechargeOrderStatus, string> = {
  [RechargeOrderStatus.Pending]: 'orange',
  [RechargeOrderStatus.Success]: 'green',
  [RechargeOrderStatus.Closed]: 'gray',
};
/** The 10 columns and the action column. */
const COLUMN_COUNT = ORDER_COLUMNS.length + 1;

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
  const to = useLocalePath();
  const search = useListSearch();
  const rawStatus = search.params.get('status');
  const status = isStatusFilter(rawStatus) ? rawStatus : '';
  const filter = useMemo(() => orderFilter(status, search.from, search.to), [status, search.from, search.to]);
  const filtered = Boolean(status || search.from || search.to);
  const orders = useOrders(filter, search.page);
  const list = orders.data?.list ?? [];
  const total = orders.data?.total ?? 0;
  const now = useNow(list.some((o) => canPay(o, Date.now())));
  const csv = useFileExport();

  // A page past the end (an old link, fewer orders now): go to the last one.
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const { setPage } = search;
  useEffect(() => {
    if (orders.data && !orders.isPlaceholderData && search.page > pages) setPage(pages, true);
  }, [orders.data, orders.isPlaceholderData, search.page, pages, setPage]);

  const exportCsv = () =>
    csv.run(async () => {
      const all = await fetchAllOrders(filter);
      const at = Date.now();
      return {
        kind: 'csv',
        name: 'orders',
        header: orderHeader(intl),
        rows: all.map((o) => {
          const cells = orderCells(o, intl, at);
          return ORDER_COLUMNS.map((c) => cells[c]);
        }),
      };
    });

  return (
    <Container maxW="7xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            <FormattedMessage id="uc.dynamicList.title" />
          </Heading>
          <Text color="fg.muted">
            <FormattedMessage id="uc.dynamicList.description" />
          </Text>
        </Stack>
        <Card.Root minW={0}>
          <Card.Body gap={4} minW={0}>
            <Flex gap={3} wrap="wrap" align="flex-end">
              <Field.Root w={{ base: 'full', sm: '44' }}>
                <Field.Label fontSize="sm">
                  <FormattedMessage id="uc.orders.filter.status" />
                </Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    data-testid="orders-status-filter"
                    value={status}
                    onChange={(e) => search.setFilters({ status: e.target.value || null })}
                  >
                    <option value="">{intl.formatMessage({ id: 'uc.orders.filter.all' })}</option>
                    {(Object.keys(STATUS_FILTERS) as (keyof typeof STATUS_FILTERS)[]).map((key) => (
                      <option key={key} value={key}>
                        {intl.formatMessage({ id: `uc.orders.status.${STATUS_FILTERS[key]}` })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <DateRangeFields
                from={search.from}
                to={search.to}
                onChange={search.setFilters}
                fromLabelId="uc.orders.createdFrom"
                toLabelId="uc.orders.createdTo"
              />
              {filtered ? (
                <Button size="sm" variant="ghost" onClick={() => search.setFilters({ status: null, from: null, to: null })}>
                  <FormattedMessage id="uc.list.clearFilters" />
                </Button>
              ) : null}
              <Spacer display={{ base: 'none', md: 'block' }} />
              <Button
                size="sm"
                variant="outline"
                data-testid="orders-export"
                onClick={exportCsv}
                loading={csv.exporting}
                disabled={csv.exporting || total === 0}
              >
                <FormattedMessage id="uc.list.export" />
              </Button>
            </Flex>

            {orders.isError && !orders.data ? (
              <LoadFailure
                error={orders.error}
                messageId="uc.orders.loadFailed"
                onRetry={() => void orders.refetch()}
                retrying={orders.isFetching}
              />
            ) : orders.data && total === 0 ? (
              filtered ? (
                <ListEmpty
                  testId="orders-empty"
                  titleId="uc.orders.emptyFiltered.title"
                  descriptionId="uc.orders.emptyFiltered.description"
                  action={
                    <Button size="sm" variant="outline" onClick={() => search.setFilters({ status: null, from: null, to: null })}>
                      <FormattedMessage id="uc.list.clearFilters" />
                    </Button>
                  }
                />
              ) : (
                <ListEmpty
                  testId="orders-empty"
                  titleId="uc.orders.empty.title"
                  descriptionId="uc.orders.empty.description"
                  action={
                    <Button asChild size="sm" colorPalette="brand">
                      <Link to={to('/admin/dynamic/buy')}>
                        <FormattedMessage id="uc.orders.buy" />
                      </Link>
                    </Button>
                  }
                />
              )
            ) : (
              <>
                {orders.isError ? (
                  <LoadFailure
                    error={orders.error}
                    messageId="uc.orders.loadFailed"
                    onRetry={() => void orders.refetch()}
                    retrying={orders.isFetching}
                  />
                ) : null}
                <Table.ScrollArea borderWidth="1px" borderRadius="md">
                  <Table.Root size="sm" data-testid="orders-table" aria-busy={orders.isFetching}>
                    <Table.Header>
                      <Table.Row bg="bg.muted">
                        {orderHeader(intl).map((label, i) => (
                          <Table.ColumnHeader key={ORDER_COLUMNS[i]} whiteSpace="nowrap">
                            {label}
                          </Table.ColumnHeader>
                        ))}
                        <Table.ColumnHeader whiteSpace="nowrap">
                          <FormattedMessage id="uc.orders.col.actions" />
                        </Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body opacity={orders.isPlaceholderData ? 0.6 : 1}>
                      {orders.isPending ? (
                        <SkeletonRows columns={COLUMN_COUNT} />
                      ) : (
                        list.map((order) => <OrderRow key={order.id} order={order} now={now} />)
                      )}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
                {orders.data ? (
                  <Pager page={search.page} pageSize={ORDERS_PAGE_SIZE} total={total} onPage={(p) => search.setPage(p)} />
                ) : null}
              </>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}

function OrderRow({ order, now }: { order: RechargeOrder; now: number }) {
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
