import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import type { Clock } from '../../../clock.ts';
import type { WechatPayConfig } from '../../../config/index.ts';
import {
  GatewayError,
  type GatewayAction,
  type IncomingNotification,
  NotificationRejected,
  type NotificationAck,
  type PaymentGateway,
  type PaymentRequest,
  type RefundAnswer,
  type RefundRequest,
  type VerifiedNotification,
  type VerifiedRefundNotification,
} from './types.ts';

/**
 * WeChat Pay API v3 (direct merchant) in WeChat Pay public-key mode, with node:crypto only:
 * wx_native → POST /v3/pay/transactions/native (a code_url to show as a QR code), wx_h5 →
 * POST /v3/pay/transactions/h5 (an h5_url to open in the phone's browser). Requests are signed with
 * the merchant key (SHA256withRSA); answers and notifications are signed with the WeChat Pay key,
 * and notification resources are AEAD_AES_256_GCM under the APIv3 key.
 */

/**
 * The part of fetch this adapter uses (the global fetch fits; tests pass a fake). It reads the
 * answer's Wechatpay-* headers: a client without `headers` gets every answer refused as unsigned.
 */
export type PaymentFetch = (
  input: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export interface WechatGatewayDeps {
  fetch?: PaymentFetch;
  /** Signature timestamps and their freshness; the real time by default. */
  now?: Clock;
  /** Per request, 10 s by default. */
  timeoutMs?: number;
}

/** WeChat Pay's window for signed timestamps (answers and notifications). */
export const WECHAT_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** RFC 3339 in Beijing time, e.g. `2025-01-02T10:34:56+08:00` (time_expire). */
export function rfc3339Shanghai(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, '+08:00');
}

/** `description` is at most 127 bytes of UTF-8: cut at a character boundary. */
function truncateBytes(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (bytes + size > maxBytes) break;
    out += char;
    bytes += size;
  }
  return out;
}

/** The `WECHATPAY2-SHA256-RSA2048` Authorization value of one request. */
export function wechatAuthorization(input: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  /** Path and query, e.g. `/v3/pay/transactions/native`. */
  urlPath: string;
  body: string;
  timestamp: number;
  nonce: string;
}): string {
  const message = `${input.method}\n${input.urlPath}\n${input.timestamp}\n${input.nonce}\n${input.body}\n`;
  const signature = createSign('RSA-SHA256').update(message, 'utf8').sign(input.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`;
}

interface SignedHeaders {
  timestamp: string | null | undefined;
  nonce: string | null | undefined;
  signature: string | null | undefined;
  serial: string | null | undefined;
}

/** Why a WeChat Pay signature (answer or notification) is not acceptable, or null when it is. */
function signatureProblem(
  headers: SignedHeaders,
  body: string,
  publicKey: KeyObject,
  publicKeyId: string,
  nowSeconds: number,
): string | null {
  const { timestamp, nonce, signature, serial } = headers;
  if (!timestamp || !nonce || !signature || !serial) return 'missing Wechatpay-* signature headers';
  if (serial !== publicKeyId) return `Wechatpay-Serial ${serial} is not our WeChat Pay public key id`;
  if (!/^\d{1,12}$/.test(timestamp)) return 'malformed Wechatpay-Timestamp';
  if (Math.abs(nowSeconds - Number(timestamp)) > WECHAT_TIMESTAMP_TOLERANCE_SECONDS) return 'stale Wechatpay-Timestamp';
  let valid = false;
  try {
    valid = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    valid = false;
  }
  return valid ? null : 'invalid Wechatpay-Signature';
}

/** AEAD_AES_256_GCM of a notification resource: the 16-byte tag ends the base64 ciphertext. */
export function decryptResource(
  apiV3Key: string,
  resource: { nonce: string; associated_data?: string; ciphertext: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const headerOf = (headers: IncomingNotification['headers'], name: string): string | undefined => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createWechatGateway(cfg: WechatPayConfig, deps: WechatGatewayDeps = {}): PaymentGateway {
  const fetchFn: PaymentFetch = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const privateKey = createPrivateKey(cfg.privateKey);
  const publicKey = createPublicKey(cfg.publicKey);
  const baseUrl = cfg.baseUrl.replace(/\/+$/, '');
  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  /** POSTs a signed JSON request and returns the verified JSON answer. */
  const post = (urlPath: string, payload: unknown) => call('POST', urlPath, payload);

  /**
   * Sends a signed request (a JSON body for POST, none for GET) and returns the verified JSON
   * answer. A 404 answer of a GET is verified too and comes back as `{ code: 'RESOURCE_NOT_EXISTS' }`
   * (the refund query's "no such refund").
   */
  async function call(method: 'POST' | 'GET', urlPath: string, payload?: unknown): Promise<Record<string, unknown>> {
    const body = method === 'POST' ? JSON.stringify(payload) : '';
    const authorization = wechatAuthorization({
      mchId: cfg.mchId,
      serialNo: cfg.certSerialNo,
      privateKey,
      method,
      urlPath,
      body,
      timestamp: nowSeconds(),
      nonce: randomBytes(16).toString('hex').toUpperCase(),
    });
    let res: Awaited<ReturnType<PaymentFetch>>;
    let text: string;
    try {
      res = await fetchFn(`${baseUrl}${urlPath}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(method === 'POST' && { 'content-type': 'application/json' }),
          authorization,
          'wechatpay-serial': cfg.publicKeyId,
          'user-agent': 'proxy-portal (WeChat Pay API v3)',
        },
        ...(method === 'POST' && { body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new GatewayError(`WeChat Pay ${urlPath} could not be reached`, { cause: err });
    }
    const notFound = method === 'GET' && res.status === 404;
    if (!res.ok && !notFound) {
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
        if (typeof parsed.code === 'string') detail = `${parsed.code}: ${String(parsed.message ?? '')}`;
      } catch {
        // not JSON: keep the text
      }
      throw new GatewayError(`WeChat Pay ${urlPath} refused: HTTP ${res.status} ${detail}`);
    }
    const problem = signatureProblem(
      {
        timestamp: res.headers?.get('wechatpay-timestamp'),
        nonce: res.headers?.get('wechatpay-nonce'),
        signature: res.headers?.get('wechatpay-signature'),
        serial: res.headers?.get('wechatpay-serial'),
      },
      text,
      publicKey,
      cfg.publicKeyId,
      nowSeconds(),
    );
    if (problem) throw new GatewayError(`WeChat Pay ${urlPath} answer not trusted: ${problem}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new GatewayError(`WeChat Pay ${urlPath} answered no JSON`, { cause: err });
    }
    if (!isRecord(parsed)) throw new GatewayError(`WeChat Pay ${urlPath} answered no JSON object`);
    if (notFound && parsed.code !== 'RESOURCE_NOT_EXISTS')
      throw new GatewayError(`WeChat Pay ${urlPath} refused: HTTP 404 ${String(parsed.code)}`);
    return parsed;
  }

  /** A WeChat Pay refund (answer, query or notification resource) as we see it. */
  function refundAnswer(refund: Record<string, unknown>): RefundAnswer {
    const providerRefundId = typeof refund.refund_id === 'string' && refund.refund_id !== '' ? refund.refund_id : null;
    const status = typeof refund.status === 'string' ? refund.status : refund.refund_status;
    const detail = typeof status === 'string' ? status : null;
    if (status === 'SUCCESS') return { state: 'succeeded', providerRefundId, detail };
    if (status === 'PROCESSING') return { state: 'processing', providerRefundId, detail };
    // CLOSED: closed by WeChat Pay; ABNORMAL: the buyer's account cannot take it, a person must act.
    if (status === 'CLOSED' || status === 'ABNORMAL') return { state: 'closed', providerRefundId, detail };
    throw new GatewayError(`WeChat Pay refund in unknown status ${String(status)}`);
  }

  /** Decrypts the AEAD_AES_256_GCM resource of a notification envelope whose signature was checked. */
  function decryptEnvelope(rawBody: string): unknown {
    const envelope = JSON.parse(rawBody) as unknown;
    const resource = isRecord(envelope) ? envelope.resource : undefined;
    if (
      !isRecord(resource) ||
      resource.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string' ||
      (resource.associated_data !== undefined && typeof resource.associated_data !== 'string')
    )
      throw new Error('no AEAD_AES_256_GCM resource');
    return JSON.parse(
      decryptResource(cfg.apiV3Key, {
        ciphertext: resource.ciphertext,
        nonce: resource.nonce,
        ...(typeof resource.associated_data === 'string' && { associated_data: resource.associated_data }),
      }),
    );
  }

  /** Throws NotificationRejected unless the Wechatpay-* headers sign the exact body. */
  function checkNotificationSignature({ headers, rawBody }: IncomingNotification, what: string): void {
    const problem = signatureProblem(
      {
        timestamp: headerOf(headers, 'wechatpay-timestamp'),
        nonce: headerOf(headers, 'wechatpay-nonce'),
        signature: headerOf(headers, 'wechatpay-signature'),
        serial: headerOf(headers, 'wechatpay-serial'),
      },
      rawBody,
      publicKey,
      cfg.publicKeyId,
      nowSeconds(),
    );
    if (problem) throw new NotificationRejected(`WeChat Pay ${what}: ${problem}`);
  }

  return {
    name: 'wechat',
    expectedAppId: cfg.appId,

    async create(request: PaymentRequest): Promise<GatewayAction> {
      if (request.channel !== 'wx_native' && request.channel !== 'wx_h5')
        throw new GatewayError(`WeChat Pay does not serve channel ${request.channel}`);
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0)
        throw new GatewayError(`invalid amount ${request.amountFen} fen`);
      const common = {
        appid: cfg.appId,
        mchid: cfg.mchId,
        description: truncateBytes(request.subject, 127),
        out_trade_no: request.paymentNo,
        time_expire: rfc3339Shanghai(request.expireAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      };
      if (request.channel === 'wx_native') {
        const answer = await post('/v3/pay/transactions/native', common);
        if (typeof answer.code_url !== 'string' || answer.code_url === '')
          throw new GatewayError('WeChat Pay native answer without code_url');
        return { kind: 'qr', codeUrl: answer.code_url };
      }
      const answer = await post('/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } },
      });
      if (typeof answer.h5_url !== 'string' || answer.h5_url === '')
        throw new GatewayError('WeChat Pay H5 answer without h5_url');
      return { kind: 'redirect', url: `${answer.h5_url}&redirect_url=${encodeURIComponent(request.returnUrl)}` };
    },

    async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
      checkNotificationSignature(notification, 'notification');
      let transaction: unknown;
      try {
        transaction = decryptEnvelope(notification.rawBody);
      } catch (err) {
        throw new NotificationRejected('WeChat Pay notification resource could not be decrypted', { cause: err });
      }
      if (!isRecord(transaction)) throw new NotificationRejected('WeChat Pay notification resource is not a transaction');
      const { out_trade_no: paymentNo, transaction_id: tradeNo, appid: appId, mchid, trade_state: state, amount } = transaction;
      if (typeof paymentNo !== 'string' || paymentNo === '' || typeof tradeNo !== 'string' || tradeNo === '')
        throw new NotificationRejected('WeChat Pay notification lacks out_trade_no or transaction_id');
      if (typeof appId !== 'string' || typeof state !== 'string')
        throw new NotificationRejected('WeChat Pay notification lacks appid');
      if (mchid !== cfg.mchId) throw new NotificationRejected(`WeChat Pay notification for merchant ${String(mchid)}`);
      const total = isRecord(amount) ? amount.total : undefined;
      if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0)
        throw new NotificationRejected('WeChat Pay notification amount is invalid');
      if (!isRecord(amount) || amount.currency !== 'CNY')
        throw new NotificationRejected(`WeChat Pay notification currency is not CNY`);
      const paid = state === 'SUCCESS';
      const successTime =
        typeof transaction.success_time === 'string' && RFC3339.test(transaction.success_time)
          ? new Date(transaction.success_time)
          : null;
      const paidAt = successTime && !Number.isNaN(successTime.getTime()) ? successTime : null;
      if (paid && !paidAt) throw new NotificationRejected('WeChat Pay notification success_time is invalid');
      return { paymentNo, tradeNo, amountFen: total, currency: 'CNY', appId, paid, paidAt: paidAt ?? now() };
    },

    acknowledge(ok: boolean): NotificationAck {
      return ok
        ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' }
        : {
            status: 500,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          };
    },

    // POST /v3/refund/domestic/refunds, keyed by out_refund_no: a repeated request is the same refund.
    async refund(request: RefundRequest): Promise<RefundAnswer> {
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0 || request.amountFen > request.paymentAmountFen)
        throw new GatewayError(`invalid refund amount ${request.amountFen} fen`);
      let answer: Record<string, unknown>;
      try {
        answer = await post('/v3/refund/domestic/refunds', {
          out_trade_no: request.paymentNo,
          out_refund_no: request.refundNo,
          reason: truncateBytes(request.reason, 80),
          notify_url: request.notifyUrl,
          amount: { refund: request.amountFen, total: request.paymentAmountFen, currency: 'CNY' },
        });
      } catch (err) {
        // A refusal no retry changes (the order cannot be refunded, the amounts are wrong): closed.
        const final =
          /HTTP (400|403|404) (INVALID_REQUEST|PARAM_ERROR|NOT_ENOUGH|RESOURCE_NOT_EXISTS|NO_AUTH|USER_ACCOUNT_ABNORMAL)\b/;
        if (err instanceof GatewayError && final.test(err.message) && !/NOT_ENOUGH/.test(err.message))
          return { state: 'closed', providerRefundId: null, detail: err.message };
        throw err;
      }
      if (answer.out_refund_no !== undefined && answer.out_refund_no !== request.refundNo)
        throw new GatewayError(`WeChat Pay refund answered for another refund ${String(answer.out_refund_no)}`);
      return refundAnswer(answer);
    },

    // GET /v3/refund/domestic/refunds/{out_refund_no}: 404 RESOURCE_NOT_EXISTS is no such refund.
    async queryRefund({ refundNo }): Promise<RefundAnswer> {
      if (!/^[0-9A-Za-z_\-|*@]{1,64}$/.test(refundNo)) throw new GatewayError(`invalid refund number ${refundNo}`);
      const answer = await call('GET', `/v3/refund/domestic/refunds/${refundNo}`);
      if (answer.code === 'RESOURCE_NOT_EXISTS')
        return { state: 'unknown', providerRefundId: null, detail: 'RESOURCE_NOT_EXISTS' };
      if (answer.out_refund_no !== refundNo)
        throw new GatewayError(`WeChat Pay refund query answered for another refund ${String(answer.out_refund_no)}`);
      return refundAnswer(answer);
    },

    // Refund notifications (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED): signed and encrypted
    // exactly like payment notifications.
    async verifyRefundNotification(notification: IncomingNotification): Promise<VerifiedRefundNotification> {
      checkNotificationSignature(notification, 'refund notification');
      let refund: unknown;
      try {
        refund = decryptEnvelope(notification.rawBody);
      } catch (err) {
        throw new NotificationRejected('WeChat Pay refund notification resource could not be decrypted', { cause: err });
      }
      if (!isRecord(refund)) throw new NotificationRejected('WeChat Pay refund notification resource is not a refund');
      const { out_refund_no: refundNo, out_trade_no: paymentNo, mchid, amount } = refund;
      if (typeof refundNo !== 'string' || refundNo === '' || typeof paymentNo !== 'string' || paymentNo === '')
        throw new NotificationRejected('WeChat Pay refund notification lacks out_refund_no or out_trade_no');
      if (mchid !== cfg.mchId) throw new NotificationRejected(`WeChat Pay refund notification for merchant ${String(mchid)}`);
      const refunded = isRecord(amount) ? amount.refund : undefined;
      if (typeof refunded !== 'number' || !Number.isSafeInteger(refunded) || refunded <= 0)
        throw new NotificationRejected('WeChat Pay refund notification amount is invalid');
      let answer: RefundAnswer;
      try {
        answer = refundAnswer(refund);
      } catch (err) {
        throw new NotificationRejected('WeChat Pay refund notification status is unknown', { cause: err });
      }
      return { refundNo, paymentNo, amountFen: refunded, answer };
    },
  };
}
