import dayjs from 'dayjs';
import type { IntlShape } from 'react-intl';
import { effectiveStatus, formatFen, formatTraffic, payTypeOf, type RechargeOrder } from '@portal/shared';

/** The 10 columns of the order list (SPEC section 3), in order; the CSV has the same ones. */
export const ORDER_COLUMNS = [
  'orderNo',
  'status',
  'source',
  'gift',
  'traffic',
  'rechargeAmount',
  'payAmount',
  'payType',
  'payTime',
  'payStatus',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** Times of orders are shown in the user's own time zone. */
export const formatLocalTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Every column of one order as people read it, in the page's language; null where there is nothing (not paid yet). */
export function orderCells(order: RechargeOrder, intl: IntlShape, now: number): Record<OrderColumn, string | null> {
  const t = (id: string) => intl.formatMessage({ id });
  return {
    orderNo: order.orderNo,
    status: order.refund
      ? intl.formatMessage(
          { id: `uc.orders.refund.${order.refund.state}` },
          { amount: formatFen(order.refund.amountFen, intl.locale) },
        )
      : t(`uc.orders.status.${effectiveStatus(order, now)}`),
    source: t(`uc.orders.source.${order.source}`),
    gift: formatTraffic(order.giftTrafficMb, intl.locale),
    traffic: formatTraffic(order.trafficMb, intl.locale),
    rechargeAmount: formatFen(order.rechargeAmountFen, intl.locale),
    payAmount: formatFen(order.payAmountFen, intl.locale),
    payType: order.payChannel ? t(`uc.orders.payType.${payTypeOf(order.payChannel)}`) : null,
    payTime: order.payTime === null ? null : formatLocalTime(order.payTime),
    payStatus: t(`uc.orders.payStatus.${order.payStatus}`),
  };
}

/** The header of the table and of the CSV. */
export const orderHeader = (intl: IntlShape) => ORDER_COLUMNS.map((c) => intl.formatMessage({ id: `uc.orders.col.${c}` }));
