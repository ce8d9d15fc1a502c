import { canPay, commerceApi, formatTraffic, isH5Channel, PayStatus } from '@portal/shared';
import type { OrderKind } from '../payments/order-kinds.ts';
import { fulfilRecharge } from './fulfilment.ts';
import { getOwnOrder } from './service.ts';

/**
 * Recharge orders as payments sees them: back to the order page after the PC channels, to the phone
 * pages (/h5/result, /h5/fail) after the H5 ones, by the channel of the payment rather than where
 * the order was placed (an order placed on a desktop can be paid on a phone, and the other way).
 */
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
      backTo: (channel) =>
        isH5Channel(channel)
          ? { returnPath: `/h5/result?id=${order.id}`, quitPath: `/h5/fail?id=${order.id}` }
          : { returnPath: `/order?id=${order.id}`, quitPath: `/order?id=${order.id}&cancelled=1` },
    };
  },
  fulfil: fulfilRecharge,
  payRoutes: { info: commerceApi.orderPayInfo, pay: commerceApi.orderPay },
};
