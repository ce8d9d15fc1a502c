import { createSign, generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { describe, expect, it } from 'vitest';
import type { AlipayConfig } from '../../../config/index.ts';
import { createAlipayGateway, parseShanghaiDateTime, shanghaiDateTime } from './alipay.ts';
import { GatewayError, NotificationRejected, type PaymentRequest } from './types.ts';

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    // PKCS#1 on purpose for the app key below: the adapter must hand the SDK PKCS#8 either way.
    privateKeyPkcs1: privateKey.export({ format: 'pem', type: 'pkcs1' }) as string,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};

const app = pem();
const alipay = pem();
const stranger = pem();

const APP_ID = '2021000000000001';
const cfg: AlipayConfig = {
  appId: APP_ID,
  privateKey: app.privateKeyPkcs1,
  alipayPublicKey: alipay.publicKey,
  gateway: 'https://openapi.alipay.com/gateway.do',
};
const NOW = new Date('2025-03-01T02:00:00Z'); // 10:00 in Beijing

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  paymentNo: 'P20250301000001',
  channel: 'alipay_pc',
  amountFen: 12345,
  subject: '动态住宅流量 10 GB',
  clientIp: '203.0.113.7',
  returnUrl: 'https://novaproxy.com/order/result?orderId=7',
  quitUrl: 'https://novaproxy.com/h5/order/7',
  notifyUrl: 'https://novaproxy.com/app-api/pay/notify/alipay',
  expireAt: new Date('2025-03-01T02:30:00Z'),
  ...over,
});

/** Signs like Alipay: every parameter but sign and sign_type, sorted, `k=v` joined with &, RSA-SHA256. */
function alipaySigned(params: Record<string, string>, privateKey: string, signType = 'RSA2'): Record<string, string> {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
  return { ...params, sign_type: signType, sign };
}

const form = (params: Record<string, string>) => new URLSearchParams(params).toString();

const notification = (over: Record<string, string> = {}) => ({
  gmt_create: '2025-03-01 10:01:02',
  charset: 'utf-8',
  gmt_payment: '2025-03-01 10:01:09',
  notify_time: '2025-03-01 10:01:10',
  subject: '动态住宅流量 10 GB',
  buyer_id: '2088102177846880',
  invoice_amount: '123.45',
  version: '1.0',
  notify_id: '2025030100222100109012345678901234',
  fund_bill_list: '[{"amount":"123.45","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  out_trade_no: 'P20250301000001',
  total_amount: '123.45',
  trade_status: 'TRADE_SUCCESS',
  trade_no: '2025030122001446880500000001',
  auth_app_id: APP_ID,
  receipt_amount: '123.45',
  point_amount: '0.00',
  buyer_pay_amount: '123.45',
  app_id: APP_ID,
  seller_id: '2088102177649450',
  ...over,
});

describe('Alipay gateway', () => {
  const gateway = createAlipayGateway(cfg, { now: () => NOW });

  it('formats and reads Beijing times', () => {
    expect(shanghaiDateTime(new Date('2025-03-01T16:30:05Z'))).toBe('2025-03-02 00:30:05');
    expect(parseShanghaiDateTime('2025-03-02 00:30:05')?.toISOString()).toBe('2025-03-01T16:30:05.000Z');
    expect(parseShanghaiDateTime('2025-02-30 10:00:00')).toBeNull();
    expect(parseShanghaiDateTime('yesterday')).toBeNull();
  });

  it.each([
    ['alipay_pc', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
    ['alipay_wap', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
  ] as const)(
    'creates %s as a GET URL the official SDK verifies with the app public key',
    async (channel, method, productCode) => {
      const action = await gateway.create(request({ channel }));
      expect(action.kind).toBe('redirect');
      if (action.kind !== 'redirect') return;
      const url = new URL(action.url);
      expect(`${url.origin}${url.pathname}`).toBe(cfg.gateway);
      const params = Object.fromEntries(url.searchParams);
      expect(params).toMatchObject({
        app_id: APP_ID,
        method,
        charset: 'utf-8',
        sign_type: 'RSA2',
        version: '1.0',
        timestamp: '2025-03-01 10:00:00',
        notify_url: 'https://novaproxy.com/app-api/pay/notify/alipay',
        return_url: 'https://novaproxy.com/order/result?orderId=7',
      });
      expect(JSON.parse(params.biz_content ?? '')).toEqual({
        out_trade_no: 'P20250301000001',
        total_amount: '123.45',
        subject: '动态住宅流量 10 GB',
        product_code: productCode,
        time_expire: '2025-03-01 10:30:00',
        ...(channel === 'alipay_wap' && { quit_url: 'https://novaproxy.com/h5/order/7' }),
      });

      // The official library's own check, with the app's public key in place of Alipay's.
      const verifier = new AlipaySdk({
        appId: APP_ID,
        privateKey: app.privateKey,
        keyType: 'PKCS8',
        alipayPublicKey: app.publicKey,
      });
      expect(verifier.checkNotifySignV2(params)).toBe(true);
      expect(verifier.checkNotifySignV2({ ...params, biz_content: params.biz_content?.replace('123.45', '1.23') })).toBe(false);
      const wrong = new AlipaySdk({
        appId: APP_ID,
        privateKey: app.privateKey,
        keyType: 'PKCS8',
        alipayPublicKey: stranger.publicKey,
      });
      expect(wrong.checkNotifySignV2(params)).toBe(false);
    },
  );

  it('converts fen to yuan exactly', async () => {
    for (const [fen, yuan] of [
      [1, '0.01'],
      [10, '0.10'],
      [100, '1.00'],
      [1999999, '19999.99'],
    ] as const) {
      const action = await gateway.create(request({ amountFen: fen }));
      const bizContent = action.kind === 'redirect' ? new URL(action.url).searchParams.get('biz_content') : null;
      expect(JSON.parse(bizContent ?? '{}').total_amount).toBe(yuan);
    }
  });

  it('refuses WeChat channels and non-positive amounts', async () => {
    await expect(gateway.create(request({ channel: 'wx_native' }))).rejects.toBeInstanceOf(GatewayError);
    await expect(gateway.create(request({ amountFen: 0 }))).rejects.toBeInstanceOf(GatewayError);
  });

  it('accepts a notification signed by Alipay and parses it exactly', async () => {
    const rawBody = form(alipaySigned(notification(), alipay.privateKey));
    await expect(gateway.verifyNotification({ headers: {}, rawBody })).resolves.toEqual({
      paymentNo: 'P20250301000001',
      tradeNo: '2025030122001446880500000001',
      amountFen: 12345,
      currency: 'CNY',
      appId: APP_ID,
      paid: true,
      paidAt: new Date('2025-03-01T02:01:09Z'),
    });
  });

  it('accepts TRADE_FINISHED as paid and other statuses as not paid', async () => {
    const finished = form(alipaySigned(notification({ trade_status: 'TRADE_FINISHED' }), alipay.privateKey));
    expect((await gateway.verifyNotification({ headers: {}, rawBody: finished })).paid).toBe(true);
    const { gmt_payment: _, ...closedFields } = notification({ trade_status: 'TRADE_CLOSED' });
    const closed = form(alipaySigned(closedFields, alipay.privateKey));
    const verified = await gateway.verifyNotification({ headers: {}, rawBody: closed });
    expect(verified).toMatchObject({ paid: false, paidAt: new Date('2025-03-01T02:01:10Z') });
  });

  it('rejects a tampered amount, a wrong key, a missing sign, RSA (SHA-1) and an unparsable amount', async () => {
    const signed = alipaySigned(notification(), alipay.privateKey);
    const cases: [string, RegExp][] = [
      [form({ ...signed, total_amount: '0.01' }), /signature is invalid/],
      [form({ ...signed, trade_status: 'TRADE_SUCCESS ' }), /signature is invalid/],
      [form(alipaySigned(notification(), stranger.privateKey)), /signature is invalid/],
      [form(Object.fromEntries(Object.entries(signed).filter(([k]) => k !== 'sign'))), /without sign/],
      [form({ ...signed, sign_type: 'RSA' }), /sign_type RSA/],
      [form(alipaySigned(notification({ total_amount: '12.345' }), alipay.privateKey)), /not yuan/],
      [form(alipaySigned(notification({ total_amount: '' }), alipay.privateKey)), /not yuan/],
      [form(alipaySigned(notification({ gmt_payment: '' }), alipay.privateKey)), /payment time/],
      [form(alipaySigned(notification({ trade_no: '' }), alipay.privateKey)), /lacks a field/],
      [`${form(signed)}&out_trade_no=P2`, /repeats out_trade_no/],
      ['', /without sign/],
      ['not a form at all', /without sign/],
    ];
    for (const [rawBody, reason] of cases) {
      const result = gateway.verifyNotification({ headers: {}, rawBody });
      await expect(result, rawBody.slice(0, 60)).rejects.toBeInstanceOf(NotificationRejected);
      await expect(result, rawBody.slice(0, 60)).rejects.toThrow(reason);
    }
  });

  it('answers success or fail as text', () => {
    expect(gateway.acknowledge(true)).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(gateway.acknowledge(false)).toMatchObject({ status: 200, body: 'fail' });
  });
});
