import { createSign, generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { describe, expect, it } from 'vitest';
import type { AlipayConfig } from '../../../config/index.ts';
import { createAlipayGateway } from './alipay.ts';
import { GatewayError, type RefundRequest } from './types.ts';
import type { PaymentFetch } from './wechat.ts';

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};
const app = pem();
const alipay = pem();
const stranger = pem();

const APP_ID = '2021000000000001';
const cfg: AlipayConfig = {
  appId: APP_ID,
  privateKey: app.privateKey,
  alipayPublicKey: alipay.publicKey,
  gateway: 'https://openapi.alipay.com/gateway.do',
};
const NOW = new Date('2025-03-01T02:00:00Z');

const refund: RefundRequest = {
  refundNo: 'F20250301020000123456',
  paymentNo: 'P20250301000001',
  paymentAmountFen: 12345,
  amountFen: 2345,
  reason: '流量未使用，买家申请退款',
  notifyUrl: 'https://novaproxy.com/app-api/pay/refund-notify/alipay',
};

/** Alipay's answer: `{"<method>_response":{...},"sign":"…"}`, the sign over the exact response JSON. */
function answer(responseKey: string, response: object, key = alipay.privateKey) {
  const json = JSON.stringify(response);
  const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(key, 'base64');
  return `{"${responseKey}":${json},"sign":"${sign}"}`;
}

interface Seen {
  params: Record<string, string>;
  biz: Record<string, unknown>;
}

/** Plays the Alipay gateway: checks our RSA2 signature with the app public key, answers `reply(method)`. */
function fakeAlipay(reply: (method: string, biz: Record<string, unknown>) => string) {
  const seen: Seen[] = [];
  const verifier = new AlipaySdk({ appId: APP_ID, privateKey: app.privateKey, keyType: 'PKCS8', alipayPublicKey: app.publicKey });
  const fetch: PaymentFetch = async (url, init) => {
    expect(url).toBe(cfg.gateway);
    expect(init.method).toBe('POST');
    const params = Object.fromEntries(new URLSearchParams(init.body ?? ''));
    if (!verifier.checkNotifySignV2(params)) return new Response('{"error_response":{"code":"40002"}}', { status: 200 });
    const biz = JSON.parse(params.biz_content ?? '{}');
    seen.push({ params, biz });
    return new Response(reply(params.method ?? '', biz), { status: 200 });
  };
  return { fetch, seen };
}

describe('Alipay refunds', () => {
  it('alipay.trade.refund: signed RSA2 with out_request_no; fund_change Y is a refund done', async () => {
    const fake = fakeAlipay((method) =>
      answer(`${method.replaceAll('.', '_')}_response`, {
        code: '10000',
        msg: 'Success',
        trade_no: '2025030122001446880500000001',
        out_trade_no: refund.paymentNo,
        fund_change: 'Y',
        refund_fee: '23.45',
      }),
    );
    const gateway = createAlipayGateway(cfg, { fetch: fake.fetch, now: () => NOW });
    await expect(gateway.refund(refund)).resolves.toMatchObject({
      state: 'succeeded',
      providerRefundId: '2025030122001446880500000001',
    });
    expect(fake.seen[0]?.params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.refund',
      sign_type: 'RSA2',
      timestamp: '2025-03-01 10:00:00',
    });
    expect(fake.seen[0]?.biz).toEqual({
      out_trade_no: refund.paymentNo,
      out_request_no: refund.refundNo,
      refund_amount: '23.45',
      refund_reason: refund.reason,
    });
  });

  it('a repeated request (fund_change N) is confirmed by alipay.trade.fastpay.refund.query', async () => {
    const fake = fakeAlipay((method, biz) =>
      method === 'alipay.trade.refund'
        ? answer('alipay_trade_refund_response', { code: '10000', msg: 'Success', fund_change: 'N' })
        : answer('alipay_trade_fastpay_refund_query_response', {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            out_request_no: biz.out_request_no,
            refund_amount: '23.45',
            refund_status: 'REFUND_SUCCESS',
          }),
    );
    const gateway = createAlipayGateway(cfg, { fetch: fake.fetch, now: () => NOW });
    expect((await gateway.refund(refund)).state).toBe('processing');
    expect((await gateway.queryRefund(refund)).state).toBe('succeeded');
    expect(fake.seen[1]?.params.method).toBe('alipay.trade.fastpay.refund.query');
    expect(fake.seen[1]?.biz).toMatchObject({ out_trade_no: refund.paymentNo, out_request_no: refund.refundNo });
  });

  it('a query without data is no refund of that number; a final refusal closes it; a busy system is retried', async () => {
    const notFound = fakeAlipay(() => answer('alipay_trade_fastpay_refund_query_response', { code: '10000', msg: 'Success' }));
    expect((await createAlipayGateway(cfg, { fetch: notFound.fetch, now: () => NOW }).queryRefund(refund)).state).toBe('unknown');
    const refused = fakeAlipay(() =>
      answer('alipay_trade_refund_response', {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_NOT_ALLOW_REFUND',
        sub_msg: '当前交易不允许退款',
      }),
    );
    expect(await createAlipayGateway(cfg, { fetch: refused.fetch, now: () => NOW }).refund(refund)).toMatchObject({
      state: 'closed',
      detail: expect.stringContaining('ACQ.TRADE_NOT_ALLOW_REFUND'),
    });
    const busy = fakeAlipay(() =>
      answer('alipay_trade_refund_response', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' }),
    );
    await expect(createAlipayGateway(cfg, { fetch: busy.fetch, now: () => NOW }).refund(refund)).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('refuses answers that are unsigned, signed by another key or tampered with', async () => {
    const ok = { code: '10000', msg: 'Success', fund_change: 'Y', out_trade_no: refund.paymentNo };
    const cases = [
      () => `{"alipay_trade_refund_response":${JSON.stringify(ok)}}`,
      () => answer('alipay_trade_refund_response', ok, stranger.privateKey),
      () => answer('alipay_trade_refund_response', ok).replace('"fund_change":"Y"', '"fund_change":"N"'),
      () => 'not json',
    ];
    for (const reply of cases) {
      const fake = fakeAlipay(reply);
      await expect(createAlipayGateway(cfg, { fetch: fake.fetch, now: () => NOW }).refund(refund)).rejects.toBeInstanceOf(
        GatewayError,
      );
    }
  });
});
