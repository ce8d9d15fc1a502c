import type { PayChannel } from '@portal/shared';

/** The providers behind the channels: alipay_* → alipay, wx_* → wechat; the sandbox stands in for both. */
export type GatewayName = 'alipay' | 'wechat' | 'sandbox';

/** What a gateway needs to start paying one payment (one attempt at paying an order). */
export interface PaymentRequest {
  /** Our unique number of this payment: Alipay's out_trade_no, WeChat's out_trade_no (≤ 32 chars, [0-9A-Za-z_-]). */
  paymentNo: string;
  channel: PayChannel;
  amountFen: number;
  /** Shown on the cashier / bill, e.g. "Dynamic residential traffic 10 GB". */
  subject: string;
  /** The payer's IP (WeChat H5 requires it). */
  clientIp: string;
  /** The browser comes back here after paying (absolute URL). */
  returnUrl: string;
  /** The browser goes here when the payer gives up (absolute URL; Alipay wap quit_url, the sandbox's fail button). */
  quitUrl: string;
  /** Absolute URL of POST /app-api/pay/notify/<gateway>. */
  notifyUrl: string;
  /** The payment must not be possible after this time (the order closes). */
  expireAt: Date;
}

/** `redirect`: send the browser to url. `qr`: show a QR code of codeUrl (WeChat Native). */
export type GatewayAction = { kind: 'redirect'; url: string } | { kind: 'qr'; codeUrl: string };

/** The raw notification as it reached POST /app-api/pay/notify/<gateway>. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received, as text (signatures are over these). */
  rawBody: string;
}

/** A notification whose signature checked out, parsed. The caller checks amount and app id against its records. */
export interface VerifiedNotification {
  paymentNo: string;
  /** The provider's transaction id (Alipay trade_no, WeChat transaction_id). */
  tradeNo: string;
  /** What the provider says was paid, in fen (Alipay total_amount converted exactly). */
  amountFen: number;
  currency: 'CNY';
  /** Alipay app_id / WeChat appid as carried in the notification; the caller compares with expectedAppId. */
  appId: string;
  /** Only a successful payment (TRADE_SUCCESS / TRADE_FINISHED / SUCCESS) is `true`. */
  paid: boolean;
  paidAt: Date;
}

/** A notification that must not be applied (bad or missing signature, stale timestamp, undecryptable). */
export class NotificationRejected extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NotificationRejected';
  }
}

/** The provider refused to create the payment or could not be reached. */
export class GatewayError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/** The answer a provider expects to a notification. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

/** One refund to ask the provider for; every attempt of one refund sends the same `refundNo`. */
export interface RefundRequest {
  /** Our refund number: Alipay out_request_no, WeChat Pay out_refund_no (≤ 32 chars, [0-9A-Za-z_-]). */
  refundNo: string;
  /** The payment refunded (out_trade_no) and what it was (fen). */
  paymentNo: string;
  paymentAmountFen: number;
  /** This refund (fen): at most the payment minus earlier refunds. */
  amountFen: number;
  /** Shown to the buyer by the provider (WeChat: ≤ 80 characters). */
  reason: string;
  /** Absolute URL of POST /app-api/pay/refund-notify/<gateway> (WeChat Pay notifies refunds). */
  notifyUrl: string;
}

/**
 * What the provider says of a refund: `succeeded` (the money is on its way back), `processing`
 * (accepted, not final: ask again later), `closed` (it will not happen: refused for good or closed
 * by the provider; an operator takes over), `unknown` (the provider has no refund of that number:
 * ask for it again). A transient failure (unreachable, unsigned answer, system busy) throws GatewayError.
 */
export interface RefundAnswer {
  state: 'succeeded' | 'processing' | 'closed' | 'unknown';
  /** The provider's refund id, when it gave one. */
  providerRefundId: string | null;
  /** What the provider says (its code and message), for the record. */
  detail: string | null;
}

/** A refund notification whose signature checked out (WeChat Pay), parsed. */
export interface VerifiedRefundNotification {
  refundNo: string;
  paymentNo: string;
  amountFen: number;
  answer: RefundAnswer;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The app id notifications must carry (Alipay app id, WeChat appid, 'sandbox'). */
  readonly expectedAppId: string;
  create(request: PaymentRequest): Promise<GatewayAction>;
  /** Throws NotificationRejected unless the notification is authentic. */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification>;
  /** What to answer: `ok` once applied (or already applied), otherwise the provider retries. */
  acknowledge(ok: boolean): NotificationAck;
  /** Asks the provider to refund (idempotent by refundNo); throws GatewayError when it should be retried. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
  /** Asks the provider what became of a refund; throws GatewayError when it should be retried. */
  queryRefund(request: Pick<RefundRequest, 'refundNo' | 'paymentNo'>): Promise<RefundAnswer>;
  /** Providers that notify refunds (WeChat Pay): throws NotificationRejected unless authentic. */
  verifyRefundNotification?(notification: IncomingNotification): Promise<VerifiedRefundNotification>;
}
