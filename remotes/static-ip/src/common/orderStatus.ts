import { type StaticOrder, StaticOrderStatus } from '@portal/shared';

type StatusFields = Pick<StaticOrder, 'status' | 'payDeadline'>;

/** A pending order past its deadline is closed, whether or not the close job has run yet (as the server reports it). */
export function effectiveStatus(order: StatusFields, now: number): StaticOrderStatus {
  return order.status === StaticOrderStatus.Pending && order.payDeadline <= now ? StaticOrderStatus.Closed : order.status;
}

export function canPay(order: StatusFields, now: number): boolean {
  return order.status === StaticOrderStatus.Pending && order.payDeadline > now;
}

/** Badge colours of the order statuses (subtle badges: dark text on a pale ground). */
export const ORDER_STATUS_COLOR: Record<StaticOrderStatus, string> = {
  [StaticOrderStatus.Pending]: 'orange',
  [StaticOrderStatus.Success]: 'green',
  [StaticOrderStatus.Closed]: 'gray',
  [StaticOrderStatus.Refunding]: 'red',
};
