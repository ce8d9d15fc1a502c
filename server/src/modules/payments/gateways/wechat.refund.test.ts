import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../../config/index.ts';
import { GatewayError, NotificationRejected, type RefundRequest } from './types.ts';
import { createWechatGateway, type PaymentFetch } from './wechat.ts';

const rsa = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};
const merchant = rsa();
const platform = rsa();
const stranger = rsa();

const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const cfg: WechatPayConfig = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  certSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: merchant.privateKey,
  publicKey: platform.publicKey,
  publicKeyId: 'PUB_KEY_ID_0119000001092025030100000000000001',
  apiV3Key: API_V3_KEY,
  baseUrl: 'https://api.mch.weixin.qq.com',
};
const NOW = new Date('2025-03-01T02:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

const refund: RefundRequest = {
  refundNo: 'F20250301020000123456',
  paymentNo: 'P20250301000002',
  paymentAmountFen: 9900,
  amountFen: 9900,
  reason: '订单无法履约，全额退款',
  notifyUrl: 'https://novaproxy.com/app-api/pay/refund-notify/wechat',
};

function signedHeaders(body: string, key = platform.privateKey, timestamp = nowSeconds): Record<string, string> {
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8').sign(key, 'base64');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': cfg.publicKeyId,
  };
}

/** Plays WeChat Pay: checks our SHA256withRSA request signature (GET: empty body), answers `reply`. */
function fakeWechat(reply: (method: string, path: string, body: unknown) => { status: number; body: string; key?: string }) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  const fetch: PaymentFetch = async (url, init) => {
    const path = new URL(url).pathname;
    const auth = /signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(init.headers.authorization ?? '');
    const nonce = /nonce_str="(\w+)"/.exec(init.headers.authorization ?? '')?.[1];
    const valid =
      auth &&
      createVerify('RSA-SHA256')
        .update(`${init.method}\n${path}\n${auth[2]}\n${nonce}\n${init.body ?? ''}\n`, 'utf8')
        .verify(merchant.publicKey, auth[1] ?? '', 'base64');
    if (!valid) return new Response('{"code":"SIGN_ERROR","message":"bad signature"}', { status: 401 });
    const body = init.body ? JSON.parse(init.body) : null;
    seen.push({ method: init.method, path, body });
    const r = reply(init.method, path, body);
    return new Response(r.body, { status: r.status, headers: signedHeaders(r.body, r.key) });
  };
  return { fetch, seen };
}

const refundJson = (status: string, over: object = {}) =>
  JSON.stringify({
    refund_id: '50000000382019052709732678859',
    out_refund_no: refund.refundNo,
    transaction_id: '1217752501201407033233368018',
    out_trade_no: refund.paymentNo,
    status,
    amount: { total: 9900, refund: 9900, payer_total: 9900, payer_refund: 9900, currency: 'CNY' },
    ...over,
  });

describe('WeChat Pay refunds', () => {
  it('POST /v3/refund/domestic/refunds is signed and carries out_refund_no; PROCESSING then the query says SUCCESS', async () => {
    const fake = fakeWechat((method) => ({ status: 200, body: refundJson(method === 'POST' ? 'PROCESSING' : 'SUCCESS') }));
    const gateway = createWechatGateway(cfg, { fetch: fake.fetch, now: () => NOW });
    expect(await gateway.refund(refund)).toMatchObject({
      state: 'processing',
      providerRefundId: '50000000382019052709732678859',
    });
    expect(fake.seen[0]).toEqual({
      method: 'POST',
      path: '/v3/refund/domestic/refunds',
      body: {
        out_trade_no: refund.paymentNo,
        out_refund_no: refund.refundNo,
        reason: refund.reason,
        notify_url: refund.notifyUrl,
        amount: { refund: 9900, total: 9900, currency: 'CNY' },
      },
    });
    expect((await gateway.queryRefund(refund)).state).toBe('succeeded');
    expect(fake.seen[1]).toEqual({ method: 'GET', path: `/v3/refund/domestic/refunds/${refund.refundNo}`, body: null });
  });

  it('a query of a refund WeChat Pay does not have is unknown; CLOSED and ABNORMAL close it', async () => {
    const missing = fakeWechat(() => ({ status: 404, body: '{"code":"RESOURCE_NOT_EXISTS","message":"退款单不存在"}' }));
    expect((await createWechatGateway(cfg, { fetch: missing.fetch, now: () => NOW }).queryRefund(refund)).state).toBe('unknown');
    for (const status of ['CLOSED', 'ABNORMAL']) {
      const fake = fakeWechat(() => ({ status: 200, body: refundJson(status) }));
      expect((await createWechatGateway(cfg, { fetch: fake.fetch, now: () => NOW }).queryRefund(refund)).state).toBe('closed');
    }
  });

  it('refuses answers signed by another key, and retries a busy system', async () => {
    const forged = fakeWechat(() => ({ status: 200, body: refundJson('SUCCESS'), key: stranger.privateKey }));
    await expect(createWechatGateway(cfg, { fetch: forged.fetch, now: () => NOW }).refund(refund)).rejects.toThrow(/not trusted/);
    const busy = fakeWechat(() => ({ status: 500, body: '{"code":"SYSTEM_ERROR","message":"系统繁忙"}' }));
    await expect(createWechatGateway(cfg, { fetch: busy.fetch, now: () => NOW }).refund(refund)).rejects.toBeInstanceOf(
      GatewayError,
    );
  });

  it('verifies and decrypts a refund notification like a payment notification', async () => {
    const gateway = createWechatGateway(cfg, { now: () => NOW });
    const plain = JSON.stringify({
      mchid: cfg.mchId,
      out_trade_no: refund.paymentNo,
      transaction_id: '1217752501201407033233368018',
      out_refund_no: refund.refundNo,
      refund_id: '50000000382019052709732678859',
      refund_status: 'SUCCESS',
      success_time: '2025-03-01T10:01:09+08:00',
      amount: { total: 9900, refund: 9900, payer_total: 9900, payer_refund: 9900 },
    });
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('refund', 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const rawBody = JSON.stringify({
      id: 'EV-2018022511223320873',
      create_time: '2025-03-01T10:01:10+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'REFUND.SUCCESS',
      summary: '退款成功',
      resource: { original_type: 'refund', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'refund', nonce },
    });
    const verify = gateway.verifyRefundNotification;
    if (!verify) throw new Error('WeChat Pay notifies refunds');
    await expect(verify({ headers: signedHeaders(rawBody), rawBody })).resolves.toEqual({
      refundNo: refund.refundNo,
      paymentNo: refund.paymentNo,
      amountFen: 9900,
      answer: { state: 'succeeded', providerRefundId: '50000000382019052709732678859', detail: 'SUCCESS' },
    });
    for (const headers of [
      signedHeaders(rawBody, stranger.privateKey),
      signedHeaders(rawBody, platform.privateKey, nowSeconds - 600),
      {},
    ])
      await expect(verify({ headers, rawBody })).rejects.toBeInstanceOf(NotificationRejected);
    const tampered = rawBody.replace(ciphertext.slice(0, 8), 'AAAAAAAA');
    await expect(verify({ headers: signedHeaders(tampered), rawBody: tampered })).rejects.toThrow(/decrypted/);
  });
});
