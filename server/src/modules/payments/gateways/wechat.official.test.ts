import { generateKeyPairSync, randomBytes } from 'node:crypto';
// WeChat Pay's own Node SDK (listed by WeChat Pay as the Node.js SDK): its signing, verification
// and AES-GCM code checks ours, so both sides are not written by us.
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../../config/index.ts';
import { createWechatGateway, type PaymentFetch } from './wechat.ts';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: String(privateKey.export({ format: 'pem', type: 'pkcs8' })),
    publicKey: String(publicKey.export({ format: 'pem', type: 'spki' })),
  };
};
const merchant = pair();
const platform = pair();
const cfg: WechatPayConfig = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  certSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: merchant.privateKey,
  publicKey: platform.publicKey,
  publicKeyId: 'PUB_KEY_ID_0119000001092025030100000000000001',
  apiV3Key: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  baseUrl: 'https://api.mch.weixin.qq.com',
};
const NOW = new Date('2026-11-21T08:00:00Z');
const ts = String(Math.floor(NOW.getTime() / 1000));

/** Response headers signed the way WeChat Pay signs them, by the SDK. */
function sdkSigned(body: string) {
  const nonce = Formatter.nonce();
  return {
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': Rsa.sign(Formatter.response(ts, nonce, body), Rsa.from(platform.privateKey, 'private')),
    'wechatpay-serial': cfg.publicKeyId,
  };
}

describe('WeChat Pay v3 against the WeChat Pay SDK (wechatpay-axios-plugin)', () => {
  it("signs requests so that the SDK's verification accepts them", async () => {
    let verified = false;
    const fetch: PaymentFetch = async (url, init) => {
      const m = /signature="([^"]+)",timestamp="(\d+)"/.exec(init.headers.authorization ?? '');
      const nonce = /nonce_str="(\w+)"/.exec(init.headers.authorization ?? '')?.[1] ?? '';
      const message = Formatter.request(init.method, new URL(url).pathname, m?.[2] ?? '', nonce, init.body);
      verified = Rsa.verify(message, m?.[1] ?? '', Rsa.from(merchant.publicKey, 'public'));
      const answer = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
      return new Response(answer, { status: 200, headers: sdkSigned(answer) });
    };
    const gateway = createWechatGateway(cfg, { fetch, now: () => NOW });
    const action = await gateway.create({
      paymentNo: 'P20261121080000123456',
      channel: 'wx_native',
      amountFen: 100_000,
      subject: '动态住宅流量 55 GB',
      clientIp: '203.0.113.7',
      returnUrl: 'https://novaproxy.com/order?id=1',
      quitUrl: 'https://novaproxy.com/order?id=1&cancelled=1',
      notifyUrl: 'https://novaproxy.com/app-api/pay/notify/wechat',
      expireAt: new Date(NOW.getTime() + 30 * 60_000),
    });
    expect(verified).toBe(true);
    expect(action).toEqual({ kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' });
  });

  it('accepts a notification the SDK signed and encrypted, and refuses it once tampered', async () => {
    const transaction = JSON.stringify({
      mchid: cfg.mchId,
      appid: cfg.appId,
      out_trade_no: 'P20261121080000123456',
      transaction_id: '4200001234202611210000000001',
      trade_state: 'SUCCESS',
      success_time: '2026-11-21T16:01:02+08:00',
      amount: { total: 100_000, payer_total: 100_000, currency: 'CNY', payer_currency: 'CNY' },
    });
    const nonce = randomBytes(6).toString('hex');
    const body = JSON.stringify({
      id: 'EV-2018022511223320873',
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        original_type: 'transaction',
        associated_data: 'transaction',
        nonce,
        ciphertext: Aes.AesGcm.encrypt(transaction, cfg.apiV3Key, nonce, 'transaction'),
      },
    });
    const gateway = createWechatGateway(cfg, { now: () => NOW });
    await expect(gateway.verifyNotification({ headers: sdkSigned(body), rawBody: body })).resolves.toMatchObject({
      paymentNo: 'P20261121080000123456',
      tradeNo: '4200001234202611210000000001',
      amountFen: 100_000,
      appId: cfg.appId,
      paid: true,
    });
    const tampered = body.replace('EV-2018', 'EV-2019');
    await expect(gateway.verifyNotification({ headers: sdkSigned(body), rawBody: tampered })).rejects.toThrow();
  });
});
