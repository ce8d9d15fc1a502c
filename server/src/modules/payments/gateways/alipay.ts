import { createPrivateKey, createPublicKey } from 'node:crypto';
import { fenToYuan, yuanToFen } from '@portal/shared';
import { AlipaySdk } from 'alipay-sdk';
import type { Clock } from '../../../clock.ts';
import type { AlipayConfig } from '../../../config/index.ts';
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
} from './types.ts';
import type { PaymentFetch } from './wechat.ts';

/**
 * Alipay through the official SDK (alipay-sdk), OpenAPI public-key mode, RSA2:
 * alipay_pc → alipay.trade.page.pay (电脑网站支付), alipay_wap → alipay.trade.wap.pay (手机网站支付),
 * both a signed GET URL of the gateway the browser is sent to. Notifications (异步通知) are form
 * posts signed with Alipay's key; their times are Beijing time.
 */

export interface AlipayGatewayDeps {
  /** The request timestamp (Beijing time); the real time by default. */
  now?: Clock;
  /** The HTTP client of the refund calls (tests pass a fake); the global fetch by default. */
  fetch?: PaymentFetch;
  /** Per request, 10 s by default. */
  timeoutMs?: number;
}

/**
 * Business refusals of a refund that no retry changes (`40004` sub codes): the refund is closed and
 * an operator takes over. Any other failure (ACQ.SYSTEM_ERROR, ACQ.SELLER_BALANCE_NOT_ENOUGH, a
 * gateway code other than 40004) is retried with the same out_request_no.
 */
const FINAL_REFUND_REFUSALS = new Set([
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.TRADE_NOT_ALLOW_REFUND',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.REASON_TRADE_REFUND_FEE_ERR',
  'ACQ.DISCORDANT_REPEAT_REQUEST',
  'ACQ.ONLINE_TRADE_VOUCHER_NOT_ALLOW_REFUND',
  'ACQ.BUYER_ERROR',
  'ACQ.ACCOUNT_FROZEN',
]);

/** China has had no daylight saving time since 1991: Beijing time is UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, as Alipay writes times. */
export function shanghaiDateTime(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '');
}

/** An Alipay time (`yyyy-MM-dd HH:mm:ss`, Beijing time), or null. */
export function parseShanghaiDateTime(value: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-31 over to March: refuse instead.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return null;
  return new Date(utc - SHANGHAI_OFFSET_MS);
}

/** Alipay limits: subject ≤ 256 characters. */
const truncate = (text: string, max: number) => (Array.from(text).length <= max ? text : Array.from(text).slice(0, max).join(''));

export function createAlipayGateway(cfg: AlipayConfig, deps: AlipayGatewayDeps = {}): PaymentGateway {
  const now = deps.now ?? (() => new Date());
  // The SDK strips and re-adds the PEM lines by key type: hand it PKCS#8 / SPKI whatever was configured.
  const sdk = new AlipaySdk({
    appId: cfg.appId,
    privateKey: createPrivateKey(cfg.privateKey).export({ format: 'pem', type: 'pkcs8' }) as string,
    keyType: 'PKCS8',
    alipayPublicKey: createPublicKey(cfg.alipayPublicKey).export({ format: 'pem', type: 'spki' }) as string,
    gateway: cfg.gateway,
    signType: 'RSA2',
  });

  const fetchFn: PaymentFetch = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  /**
   * One OpenAPI call: the request is signed by the SDK exactly as the payment URLs are (RSA2), sent
   * as a form POST to the gateway, and the answer's signature is checked by the SDK with Alipay's
   * public key before anything in it is believed. Returns `<method>_response`.
   */
  async function execute(method: string, bizContent: Record<string, unknown>): Promise<Record<string, unknown>> {
    let signedUrl: URL;
    try {
      signedUrl = new URL(sdk.pageExecute(method, 'GET', { bizContent, timestamp: shanghaiDateTime(now()) }));
    } catch (err) {
      throw new GatewayError(`Alipay ${method} could not be signed`, { cause: err });
    }
    let text: string;
    let status: number;
    try {
      const res = await fetchFn(`${signedUrl.origin}${signedUrl.pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: signedUrl.searchParams.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      throw new GatewayError(`Alipay ${method} could not be reached`, { cause: err });
    }
    if (status !== 200) throw new GatewayError(`Alipay ${method} answered HTTP ${status}`);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    let parsed: { sign?: unknown } & Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch (err) {
      throw new GatewayError(`Alipay ${method} answered no JSON`, { cause: err });
    }
    const answer = parsed[responseKey] ?? parsed.error_response;
    if (typeof answer !== 'object' || answer === null) throw new GatewayError(`Alipay ${method} answer without ${responseKey}`);
    if (typeof parsed.sign !== 'string' || parsed.sign === '') throw new GatewayError(`Alipay ${method} answer is not signed`);
    try {
      sdk.checkResponseSign(text, parsed[responseKey] ? responseKey : 'error_response', parsed.sign, '');
    } catch (err) {
      throw new GatewayError(`Alipay ${method} answer signature is invalid`, { cause: err });
    }
    return answer as Record<string, unknown>;
  }

  const detailOf = (a: Record<string, unknown>) =>
    [a.code, a.msg, a.sub_code, a.sub_msg].filter((v) => typeof v === 'string' && v !== '').join(' ');

  /** A refused call: closed for good, or thrown to be retried. */
  function refusal(method: string, a: Record<string, unknown>): RefundAnswer {
    if (a.code === '40004' && typeof a.sub_code === 'string' && FINAL_REFUND_REFUSALS.has(a.sub_code))
      return { state: 'closed', providerRefundId: null, detail: detailOf(a) };
    throw new GatewayError(`Alipay ${method} refused: ${detailOf(a)}`);
  }

  return {
    name: 'alipay',
    expectedAppId: cfg.appId,

    async create(request: PaymentRequest): Promise<GatewayAction> {
      const wap = request.channel === 'alipay_wap';
      if (!wap && request.channel !== 'alipay_pc') throw new GatewayError(`Alipay does not serve channel ${request.channel}`);
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0)
        throw new GatewayError(`invalid amount ${request.amountFen} fen`);
      const bizContent: Record<string, string> = {
        out_trade_no: request.paymentNo,
        total_amount: fenToYuan(request.amountFen),
        subject: truncate(request.subject, 256),
        product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        time_expire: shanghaiDateTime(request.expireAt),
      };
      if (wap) bizContent.quit_url = request.quitUrl;
      try {
        const url = sdk.pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
          bizContent,
          notify_url: request.notifyUrl,
          return_url: request.returnUrl,
          timestamp: shanghaiDateTime(now()),
        });
        return { kind: 'redirect', url };
      } catch (err) {
        throw new GatewayError('Alipay request could not be signed', { cause: err });
      }
    },

    async verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification> {
      const form = new URLSearchParams(notification.rawBody);
      const params: Record<string, string> = {};
      for (const [key, value] of form) {
        if (Object.hasOwn(params, key)) throw new NotificationRejected(`Alipay notification repeats ${key}`);
        params[key] = value;
      }
      if (!params.sign) throw new NotificationRejected('Alipay notification without sign');
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2')
        throw new NotificationRejected(`Alipay notification with sign_type ${params.sign_type}`);
      // Alipay signs the non-empty parameters only (as its own Java SDK checks them).
      const signed = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
      let authentic: boolean;
      try {
        // The values are already form-decoded: the V2 check signs them as they are.
        authentic = sdk.checkNotifySignV2(signed);
      } catch (err) {
        throw new NotificationRejected('Alipay notification signature could not be checked', { cause: err });
      }
      if (!authentic) throw new NotificationRejected('Alipay notification signature is invalid');

      const { out_trade_no: paymentNo, trade_no: tradeNo, app_id: appId, trade_status: status } = params;
      if (!paymentNo || !tradeNo || !appId || !status) throw new NotificationRejected('Alipay notification lacks a field');
      const amountFen = yuanToFen(params.total_amount ?? '');
      if (amountFen === null) throw new NotificationRejected(`Alipay notification amount ${params.total_amount} is not yuan`);
      const paid = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
      const paidAt = parseShanghaiDateTime(params.gmt_payment);
      if (paid && !paidAt) throw new NotificationRejected(`Alipay notification payment time ${params.gmt_payment} is invalid`);
      return {
        paymentNo,
        tradeNo,
        amountFen,
        currency: 'CNY',
        appId,
        paid,
        paidAt: paidAt ?? parseShanghaiDateTime(params.notify_time) ?? now(),
      };
    },

    acknowledge(ok: boolean): NotificationAck {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
    },

    // alipay.trade.refund answers at once: fund_change Y is a refund done now; N (a repeated
    // out_request_no) is confirmed by the query, as Alipay asks.
    async refund(request: RefundRequest): Promise<RefundAnswer> {
      if (!Number.isInteger(request.amountFen) || request.amountFen <= 0)
        throw new GatewayError(`invalid refund amount ${request.amountFen} fen`);
      const method = 'alipay.trade.refund';
      const a = await execute(method, {
        out_trade_no: request.paymentNo,
        out_request_no: request.refundNo,
        refund_amount: fenToYuan(request.amountFen),
        refund_reason: truncate(request.reason, 256),
      });
      if (a.code !== '10000') return refusal(method, a);
      if (a.out_trade_no !== undefined && a.out_trade_no !== request.paymentNo)
        throw new GatewayError(`Alipay ${method} answered for another payment ${String(a.out_trade_no)}`);
      const tradeNo = typeof a.trade_no === 'string' ? a.trade_no : null;
      return { state: a.fund_change === 'Y' ? 'succeeded' : 'processing', providerRefundId: tradeNo, detail: detailOf(a) };
    },

    // alipay.trade.fastpay.refund.query: data with refund_status empty or REFUND_SUCCESS is a refund
    // done; no data (or ACQ.TRADE_NOT_EXIST) is no refund of that number: ask for it again.
    async queryRefund({ refundNo, paymentNo }): Promise<RefundAnswer> {
      const method = 'alipay.trade.fastpay.refund.query';
      const a = await execute(method, { out_trade_no: paymentNo, out_request_no: refundNo, query_options: ['gmt_refund_pay'] });
      if (a.code !== '10000') {
        if (a.code === '40004' && a.sub_code === 'ACQ.TRADE_NOT_EXIST')
          return { state: 'unknown', providerRefundId: null, detail: detailOf(a) };
        return refusal(method, a);
      }
      const tradeNo = typeof a.trade_no === 'string' ? a.trade_no : null;
      if (typeof a.refund_amount !== 'string' || a.refund_amount === '')
        return { state: 'unknown', providerRefundId: tradeNo, detail: detailOf(a) };
      if (a.out_request_no !== undefined && a.out_request_no !== refundNo)
        throw new GatewayError(`Alipay ${method} answered for another refund ${String(a.out_request_no)}`);
      const status = a.refund_status;
      if (status === undefined || status === '' || status === 'REFUND_SUCCESS')
        return { state: 'succeeded', providerRefundId: tradeNo, detail: detailOf(a) };
      return { state: 'processing', providerRefundId: tradeNo, detail: `${detailOf(a)} ${String(status)}` };
    },
  };
}
