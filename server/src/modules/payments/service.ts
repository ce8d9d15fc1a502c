import { CommerceErrorCode, type PayAction, type PayChannel } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tableRows } from '../../db/raw-rows.ts';
import { isUniqueViolation, makeNumber } from '../../db/numbers.ts';
import { BusinessError } from '../../plugins/errors.ts';
import type { Gateways } from './gateways/index.ts';
import { qrDataUrl } from './gateways/qr.ts';
import { GatewayError, type PaymentGateway, type VerifiedNotification } from './gateways/types.ts';
import type { FulfilmentOutcome, OrderKinds, PayableOrder, Payment } from './order-kinds.ts';
import { PaymentStatus, paymentNotifications, payments } from './tables.ts';

/** Where the browser goes after paying or giving up, and where the provider notifies. */
export interface PaymentUrls {
  /** The portal's origin, e.g. https://novaproxy.com. */
  base: string;
  /** '' (Chinese) or '/en'. */
  localePrefix: string;
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
  const { returnPath, quitPath } = order.backTo(input.channel);
  try {
    const action = await gateway.create({
      paymentNo,
      channel: input.channel,
      amountFen: order.amountFen,
      subject: order.subject,
      clientIp: input.clientIp,
      returnUrl: `${base}${localePrefix}${returnPath}`,
      quitUrl: `${base}${localePrefix}${quitPath}`,
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

export type NotificationOutcome =
  | FulfilmentOutcome
  | 'duplicate'
  | 'not_paid'
  | 'unknown_payment'
  | 'app_id_mismatch'
  | 'amount_mismatch';

/**
 * Records the refund of a paid payment its order could not use (not fulfilled, or a second payment
 * of a paid order), inside the notification's transaction: the refunds module's, given by the app
 * (payments does not depend on refunds).
 */
export type UnusablePaymentRefund = (tx: Tx, now: Date, payment: Payment, outcome: FulfilmentOutcome) => Promise<unknown>;

/** Outcomes after which the provider must stop resending: done, already done, or nothing to do. */
export const isSettled = (outcome: NotificationOutcome) =>
  outcome === 'applied' ||
  outcome === 'duplicate' ||
  outcome === 'not_paid' ||
  outcome === 'order_already_paid' ||
  outcome === 'refund_pending';

/**
 * Marks an unpaid payment of the notification's gateway and amount paid and records the
 * notification as applied, in one statement; undefined (nothing written) when no payment matches.
 */
async function markPaidAndRecord(tx: Tx, gateway: PaymentGateway, n: VerifiedNotification, now: Date) {
  const result = await tx.execute(sql`
    with paid as (
      update ${payments} set status = ${PaymentStatus.Paid}, trade_no = ${n.tradeNo}, paid_at = ${n.paidAt}
       where payment_no = ${n.paymentNo} and gateway = ${gateway.name} and amount_fen = ${n.amountFen}
         and status <> ${PaymentStatus.Paid}
      returning ${paymentRows.columns}),
    recorded as (
      insert into ${paymentNotifications} (gateway, payment_no, trade_no, amount_fen, app_id, outcome, received_at)
      select ${gateway.name}, ${n.paymentNo}, ${n.tradeNo}, ${n.amountFen}, ${n.appId}, 'applied', ${now} from paid
      returning id as notification_id)
    select ${paymentRows.columns}, notification_id from paid cross join recorded`);
  // Both drivers (pg, PGlite) answer { rows }; the shared Db type does not say so.
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return row && { payment: paymentRows.decode(row), notificationId: Number(row.notification_id) };
}

/** The payment rows of the hot statement above (db/raw-rows.ts). */
const paymentRows = tableRows(payments);

/**
 * Applies a verified notification exactly once. The payment row is locked first, so concurrent
 * deliveries of the same notification queue up and all but the first see it paid; marking the
 * payment, marking the order and crediting the user commit together or not at all. The amount and
 * the app id must match what we asked for: a short payment is refused and logged, never credited.
 * What a paid payment does is its order kind's (order-kinds.ts).
 */
export async function applyNotification(
  db: Db,
  kinds: OrderKinds,
  now: Date,
  gateway: PaymentGateway,
  n: VerifiedNotification,
  refundUnusable?: UnusablePaymentRefund,
): Promise<NotificationOutcome> {
  return db.transaction(async (tx) => {
    // The usual case: a genuine notification of an unpaid payment marks it paid and is recorded in
    // one statement (the payment's row lock makes a concurrent delivery wait, then find it paid);
    // its order kind fulfils it; the record is corrected in the rare case fulfilment says otherwise.
    const genuine = n.appId === gateway.expectedAppId && n.paid && n.currency === 'CNY';
    const paid = genuine ? await markPaidAndRecord(tx, gateway, n, now) : undefined;
    if (paid) {
      const outcome = await kinds.get(paid.payment.orderKind).fulfil(tx, paid.payment, n.paidAt);
      if (outcome !== 'applied') {
        await tx.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, paid.notificationId));
        // Money the order cannot use goes back: the refund is recorded with the payment, in this transaction.
        await refundUnusable?.(tx, now, paid.payment, outcome);
      }
      return outcome;
    }
    // Anything else is looked at row in hand to say what was wrong.
    let outcome: NotificationOutcome;
    const [payment] = await tx.select().from(payments).where(eq(payments.paymentNo, n.paymentNo)).for('update');
    if (!payment || payment.gateway !== gateway.name) outcome = 'unknown_payment';
    else if (n.appId !== gateway.expectedAppId) outcome = 'app_id_mismatch';
    else if (!n.paid) outcome = 'not_paid';
    else if (n.amountFen !== payment.amountFen || n.currency !== 'CNY') outcome = 'amount_mismatch';
    else outcome = 'duplicate';
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
