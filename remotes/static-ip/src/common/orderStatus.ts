import { StaticOrderStatus } from '@portal/shared';

/** Badge colours of the order statuses (subtle badges: dark text on a pale ground). */
export const ORDER_STATUS_COLOR: Record<StaticOrderStatus, string> = {
  [StaticOrderStatus.Pending]: 'orange',
  [StaticOrderStatus.Success]: 'green',
  [StaticOrderStatus.Closed]: 'gray',
  [StaticOrderStatus.Refunding]: 'red',
};
