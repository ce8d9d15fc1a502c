import type { IntlShape } from 'react-intl';
import { type CsvCell, formatFen, payTypeOf, type StaticOrder, effectiveStatus } from '@portal/shared';
import { formatLocalTime } from '../../common/format.ts';

/** The 12 columns of the static order list (SPEC section 3), in order; the CSV has them and the status. */
export const ORDER_COLUMNS = [
  'orderNo',
  'orderType',
  'amount',
  'count',
  'durationDays',
  'resourceType',
  'payStatus',
  'payType',
  'payTime',
  'createTime',
  'expireTime',
  'remark',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** Every column of one order as people read it, in the page's language; null where there is nothing yet. */
export function orderCells(order: StaticOrder, intl: IntlShape): Record<OrderColumn, string | null> {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return {
    orderNo: order.orderNo,
    orderType: t(`static.orderType.${order.orderType}`),
    amount: formatFen(order.amountFen, intl.locale),
    count: String(order.count),
    durationDays: t('static.duration.days', { days: order.durationDays }),
    resourceType: t(`static.type.${order.resourceType}`),
    payStatus: t(`static.payStatus.${order.payStatus}`),
    payType: order.payChannel ? t(`static.payType.${payTypeOf(order.payChannel)}`) : null,
    payTime: order.payTime === null ? null : formatLocalTime(order.payTime),
    createTime: formatLocalTime(order.createTime),
    expireTime: order.expireTime === null ? null : formatLocalTime(order.expireTime),
    remark: order.remark === '' ? null : order.remark,
  };
}

/** The headers of the 12 columns. */
export const orderHeader = (intl: IntlShape) => ORDER_COLUMNS.map((c) => intl.formatMessage({ id: `static.orders.col.${c}` }));

/** The CSV of orders: the 12 columns, then the order status (pending past its deadline reads closed). */
export function orderCsv(orders: readonly StaticOrder[], intl: IntlShape, now: number): { header: string[]; rows: CsvCell[][] } {
  return {
    header: [...orderHeader(intl), intl.formatMessage({ id: 'static.orders.col.status' })],
    rows: orders.map((o) => {
      const cells = orderCells(o, intl);
      return [
        ...ORDER_COLUMNS.map((c) => cells[c]),
        o.refund
          ? intl.formatMessage(
              { id: `static.order.refund.${o.refund.state}` },
              { amount: formatFen(o.refund.amountFen, intl.locale) },
            )
          : intl.formatMessage({ id: `static.order.status.${effectiveStatus(o, now)}` }),
      ];
    }),
  };
}
