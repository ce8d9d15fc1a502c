import { canPay, formatTraffic, PayStatus } from '@portal/shared';
import type { OrderKind } from '../payments/order-kinds.ts';
import { fulfilRecharge } from './fulfilment.ts';
import { getOwnOrder } from './service.ts';

/** Recharge orders as payments sees them: back to the order's page on PC, to the result page on phones. */
export const rechargeOrderKind: OrderKind = {
  name: 'recharge',
  async payable(db, now, userId, orderId, language) {
    const order = await getOwnOrder(db, userId, orderId);
    return {
      kind: 'recharge',
      id: order.id,
      amountFen: order.payAmountFen,
      payDeadline: order.payDeadline,
      paid: order.payStatus === PayStatus.Paid,
      open: canPay(order, now),
      // A method call: a request's t reads the request's locale through `this`.
      subject: language.t('commerce.subject', { traffic: formatTraffic(order.trafficMb + order.giftTrafficMb, language.locale) }),
      returnPath: order.source === 'h5' ? `/h5/result?id=${order.id}` : `/order?id=${order.id}`,
      quitPath: order.source === 'h5' ? `/h5/fail?id=${order.id}` : `/order?id=${order.id}&cancelled=1`,
    };
  },
  fulfil: fulfilRecharge,
};
