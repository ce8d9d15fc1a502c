import { staticIpApi } from '@portal/shared';
import type { OrderKind } from '../payments/order-kinds.ts';
import { fulfilStatic } from './fulfilment.ts';
import { staticPayable } from './orders.ts';

/** Static IP orders (purchases and renewals) as payments sees them. */
export const staticOrderKind: OrderKind = {
  name: 'static',
  payable: (db, now, userId, orderId, language) =>
    staticPayable(db, now, userId, orderId, (key, params) => language.t(key, params)),
  fulfil: fulfilStatic,
  payRoutes: { info: staticIpApi.staticPayInfo, pay: staticIpApi.staticPay },
};
