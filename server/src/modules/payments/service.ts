import { CommerceErrorCode, type PayAction, type PayChannel, PayStatus, effectiveStatus } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { type FulfilmentOutcome, fulfilRecharge } from '../orders/fulfilment.ts';
import { isUniqueViolation, makeNumber } from '../orders/numbers.ts';
import { getOwnOrder } from '../orders/service.ts';
import { fulfilStatic } from '../static-ip/fulfilment.ts';
import type { Gateways } from './gateways/index.ts';
import { qrDataUrl } from './gateways/qr.ts';
import { GatewayError, type PaymentGateway, type VerifiedNotification } from './gateways/types.ts';
import { type OrderKind, PaymentStatus, paymentNotifications, payments } from './tables.ts';

/** Where the browser goes after paying or giving up, and where the provider notifies. */
export interface PaymentUrls {
  /** The portal's origin, e.g. https://novaproxy.com. */
  base: string;
  /** '' (Chinese) or '/en'. */
  localePrefix: string;
}

/** What any kind of order exposes to be paid (recharge orders here, static IP orders in their module). */
export interface PayableOrder {
  kind: OrderKind;
  id: number;
  amountFen: number;
  payDeadline: Date;
  paid: boolean;
  /** Unpaid and before its deadline. */
  open: boolean;
  /** Shown on the provider's cashier and bill. */
  subject: string;
  /** Where the browser comes back after paying / giving up (paths without locale prefix). */
  returnPath: string;
  quitPath: string;
}

export interface StartPaymentInput {
  userId: number;
  order: PayableOrder;
  channel: PayChannel;
  clientIp: string;
  urls: PaymentUrls;
}

export const NOTIFY_PATH_PREFIX = '/app-api/pay/notify';

/** The channels offered for an order, its amount and its deadline. */
export function payInfo(gateways: Gateways, sandbox: boolean, order: PayableOrder) {
  return {
    orderId: order.id,
    payAmountFen: order.amountFen,
    payDeadline: order.payDeadline.getTime(),
    channels: gateways.channels,
    sandbox: sandbox && gateways.sandbox !== null,
  };
}

/** A recharge order as a payable order: its page on PC, the result page on phones. */
export async function rechargePayable(
  db: Db,
  now: Date,
  userId: number,
  orderId: number,
  describe: (trafficMb: number) => string,
): Promise<PayableOrder> {
  const order = await getOwnOrder(db, userId, orderId);
  return {
    kind: 'recharge',
    id: order.id,
    amountFen: order.payAmountFen,
    payDeadline: order.payDeadline,
    paid: order.payStatus === PayStatus.Paid,
    open: effectiveStatus(order, now) === 0,
    subject: describe(order.trafficMb + order.giftTrafficMb),
    returnPath: order.source === 'h5' ? `/h5/result?id=${order.id}` : `/order?id=${order.id}`,
    quitPath: order.source === 'h5' ? `/h5/fail?id=${order.id}` : `/order?id=${order.id}&cancelled=1`,
  };
}

/** Starts one payment of the user's unpaid order: a payment row, then the provider's page or QR code. */
export async function startPayment(db: Db, gateways: Gateways, now: Date, input: StartPaymentInput): Promise<PayAction> {
  const { order } = input;
  if (order.paid) throw new BusinessError(CommerceErrorCode.OrderAlreadyPaid, 'commerce.orderAlreadyPaid');
  if (!order.open) throw new BusinessError(CommerceErrorCode.OrderClosed, 'commerce.orderClosed');
  const gateway = gateways.gatewayFor(input.channel);
  if (!gateway) throw new BusinessError(CommerceErrorCode.ChannelUnavailable, 'commerce.channelUnavailable');

  const paymentNo = await insertPayment(db, now, {
    orderKind: order.kind,
    orderId: order.id,
    userId: input.userId,
    channel: input.channel,
    gateway: gateway.name,
    amountFen: order.amountFen,
  });
  const { base, localePrefix } = input.urls;
  try {
    const action = await gateway.create({
      paymentNo,
      channel: input.channel,
      amountFen: order.amountFen,
      subject: order.subject,
      clientIp: input.clientIp,
      returnUrl: `${base}${localePrefix}${order.returnPath}`,
      quitUrl: `${base}${localePrefix}${order.quitPath}`,
      notifyUrl: `${base}${NOTIFY_PATH_PREFIX}/${gateway.name}`,
      expireAt: order.payDeadline,
    });
    if (action.kind === 'redirect') return { kind: 'redirect', url: action.url, paymentNo };
    return { kind: 'qr', codeUrl: action.codeUrl, qrImage: await qrDataUrl(action.codeUrl), paymentNo };
  } catch (err) {
    if (err instanceof GatewayError) {
      throw Object.assign(new BusinessError(CommerceErrorCode.PaymentFailed, 'commerce.paymentFailed'), { cause: err });
    }
    throw err;
  }
}

async function insertPayment(db: Db, now: Date, values: Omit<typeof payments.$inferInsert, 'paymentNo' | 'createdAt'>) {
  for (let attempt = 0; ; attempt++) {
    const paymentNo = makeNumber('P', now);
    try {
      await db.insert(payments).values({ ...values, paymentNo, createdAt: now });
      return paymentNo;
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** What a paid payment does, per kind of order, inside the notification's transaction. */
const FULFILMENT: Record<OrderKind, (tx: Tx, payment: typeof payments.$inferSelect, paidAt: Date) => Promise<FulfilmentOutcome>> =
  {
    recharge: fulfilRecharge,
    static: fulfilStatic,
  };

export type NotificationOutcome =
  | FulfilmentOutcome
  | 'duplicate'
  | 'not_paid'
  | 'unknown_payment'
  | 'app_id_mismatch'
  | 'amount_mismatch';

/** Outcomes after which the provider must stop resending: done, already done, or nothing to do. */
export const isSettled = (outcome: NotificationOutcome) =>
  outcome === 'applied' ||
  outcome === 'duplicate' ||
  outcome === 'not_paid' ||
  outcome === 'order_already_paid' ||
  outcome === 'refund_pending';

/**
 * Applies a verified notification exactly once. The payment row is locked first, so concurrent
 * deliveries of the same notification queue up and all but the first see it paid; marking the
 * payment, marking the order and crediting the user commit together or not at all. The amount and
 * the app id must match what we asked for: a short payment is refused and logged, never credited.
 */
export async function applyNotification(
  db: Db,
  now: Date,
  gateway: PaymentGateway,
  n: VerifiedNotification,
): Promise<NotificationOutcome> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.paymentNo, n.paymentNo)).for('update');
    let outcome: NotificationOutcome;
    if (!payment || payment.gateway !== gateway.name) outcome = 'unknown_payment';
    else if (n.appId !== gateway.expectedAppId) outcome = 'app_id_mismatch';
    else if (!n.paid) outcome = 'not_paid';
    else if (n.amountFen !== payment.amountFen || n.currency !== 'CNY') outcome = 'amount_mismatch';
    else if (payment.status === PaymentStatus.Paid) outcome = 'duplicate';
    else {
      await tx
        .update(payments)
        .set({ status: PaymentStatus.Paid, tradeNo: n.tradeNo, paidAt: n.paidAt })
        .where(eq(payments.id, payment.id));
      outcome = await FULFILMENT[payment.orderKind](tx, payment, n.paidAt);
    }
    await tx.insert(paymentNotifications).values({
      gateway: gateway.name,
      paymentNo: n.paymentNo,
      tradeNo: n.tradeNo,
      amountFen: n.amountFen,
      appId: n.appId,
      outcome,
      receivedAt: now,
    });
    return outcome;
  });
}
