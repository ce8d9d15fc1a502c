import dayjs from 'dayjs';
import type { IntlShape } from 'react-intl';
import { formatFen, formatTraffic, payTypeOf, type RechargeOrder, RechargeOrderStatus } from '@portal/shared';

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

/** A pending order past its deadline is closed, whether or not the close job has run yet (as the server reports it). */
export function effectiveStatus(order: Pick<RechargeOrder, 'status' | 'payDeadline'>, now: number): RechargeOrderStatus {
  return order.status === RechargeOrderStatus.Pending && order.payDeadline <= now ? RechargeOrderStatus.Closed : order.status;
}

export function canPay(order: Pick<RechargeOrder, 'status' | 'payDeadline'>, now: number): boolean {
  return order.status === RechargeOrderStatus.Pending && order.payDeadline > now;
}

/** Time left to pay: `29:05`, or `1:02:03` past an hour; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** Times of orders are shown in the user's own time zone. */
export const formatLocalTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Every column of one order as people read it, in the page's language; null where there is nothing (not paid yet). */
export function orderCells(order: RechargeOrder, intl: IntlShape, now: number): Record<OrderColumn, string | null> {
  const t = (id: string) => intl.formatMessage({ id });
  return {
    orderNo: order.orderNo,
    status: t(`uc.orders.status.${effectiveStatus(order, now)}`),
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
