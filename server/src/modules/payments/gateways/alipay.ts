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
  type VerifiedNotification,
} from './types.ts';

/**
 * Alipay through the official SDK (alipay-sdk), OpenAPI public-key mode, RSA2:
 * alipay_pc → alipay.trade.page.pay (电脑网站支付), alipay_wap → alipay.trade.wap.pay (手机网站支付),
 * both a signed GET URL of the gateway the browser is sent to. Notifications (异步通知) are form
 * posts signed with Alipay's key; their times are Beijing time.
 */

export interface AlipayGatewayDeps {
  /** The request timestamp (Beijing time); the real time by default. */
  now?: Clock;
}

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
  };
}
