import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WechatPayConfig } from '../../../config/index.ts';
import { GatewayError, NotificationRejected, type PaymentRequest } from './types.ts';
import { createWechatGateway, type PaymentFetch, rfc3339Shanghai } from './wechat.ts';

const rsa = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};

const merchant = rsa();
const platform = rsa(); // WeChat Pay's key pair (its public key is configured as WECHATPAY_PUBLIC_KEY)
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

const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
  paymentNo: 'P20250301000002',
  channel: 'wx_native',
  amountFen: 9900,
  subject: '动态住宅流量 5 GB',
  clientIp: '203.0.113.7',
  returnUrl: 'https://novaproxy.com/h5/order/result?orderId=8',
  quitUrl: 'https://novaproxy.com/h5/order/8',
  notifyUrl: 'https://novaproxy.com/app-api/pay/notify/wechat',
  expireAt: new Date('2025-03-01T02:30:00Z'),
  ...over,
});

function wechatSignature(privateKey: string, timestamp: string, nonce: string, body: string): string {
  return createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`, 'utf8').sign(privateKey, 'base64');
}

function signedHeaders(body: string, over: { key?: string; timestamp?: number; serial?: string } = {}): Record<string, string> {
  const timestamp = String(over.timestamp ?? nowSeconds);
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': wechatSignature(over.key ?? platform.privateKey, timestamp, nonce, body),
    'wechatpay-serial': over.serial ?? cfg.publicKeyId,
  };
}

type Mode = 'signed' | 'unsigned' | 'wrong-key' | 'wrong-serial' | 'stale' | 'refused';

interface Seen {
  url: string;
  body: Record<string, unknown>;
}

/** Plays the WeChat Pay API: checks our request signature with the merchant public key, answers signed. */
function fakeWechat(mode: Mode) {
  const seen: Seen[] = [];
  const fetch: PaymentFetch = async (url, init) => {
    const path = new URL(url).pathname;
    const auth =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        init.headers.authorization ?? '',
      );
    if (!auth) return new Response('{"code":"SIGN_ERROR","message":"no authorization"}', { status: 401 });
    const [, mchid, nonce, signature = '', timestamp] = auth;
    const valid = createVerify('RSA-SHA256')
      .update(`${init.method}\n${path}\n${timestamp}\n${nonce}\n${init.body}\n`, 'utf8')
      .verify(merchant.publicKey, signature, 'base64');
    if (!valid || mchid !== cfg.mchId || auth[5] !== cfg.certSerialNo || init.headers['wechatpay-serial'] !== cfg.publicKeyId)
      return new Response('{"code":"SIGN_ERROR","message":"bad signature"}', { status: 401 });
    seen.push({ url, body: JSON.parse(init.body ?? '') });
    if (mode === 'refused')
      return new Response('{"code":"PARAM_ERROR","message":"out_trade_no invalid"}', { status: 400, headers: signedHeaders('') });
    const answer =
      path === '/v3/pay/transactions/native'
        ? JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' })
        : JSON.stringify({
            h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx20250301&package=2150917749',
          });
    const headers =
      mode === 'unsigned'
        ? {}
        : signedHeaders(answer, {
            ...(mode === 'wrong-key' && { key: stranger.privateKey }),
            ...(mode === 'wrong-serial' && { serial: 'PUB_KEY_ID_SOMEONE_ELSE' }),
            ...(mode === 'stale' && { timestamp: nowSeconds - 600 }),
          });
    return new Response(answer, { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { fetch, seen };
}

const gatewayWith = (mode: Mode) => {
  const fake = fakeWechat(mode);
  return { gateway: createWechatGateway(cfg, { fetch: fake.fetch, now: () => NOW }), seen: fake.seen };
};

function encryptResource(plain: string, key = API_V3_KEY) {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat sends
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

const transaction = (over: Record<string, unknown> = {}) => ({
  mchid: cfg.mchId,
  appid: cfg.appId,
  out_trade_no: 'P20250301000002',
  transaction_id: '4200000000202503010000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  attach: '',
  success_time: '2025-03-01T10:01:09+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 9900, payer_total: 9900, currency: 'CNY', payer_currency: 'CNY' },
  ...over,
});

const envelope = (resource: Record<string, unknown>) =>
  JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2025-03-01T10:01:10+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource,
  });

describe('WeChat Pay gateway', () => {
  it('formats time_expire as RFC 3339 in Beijing time', () => {
    expect(rfc3339Shanghai(new Date('2025-03-01T16:30:05.123Z'))).toBe('2025-03-02T00:30:05+08:00');
  });

  it('creates a Native payment with a signed request and a verified answer', async () => {
    const { gateway, seen } = gatewayWith('signed');
    await expect(gateway.create(request())).resolves.toEqual({ kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    expect(seen).toEqual([
      {
        url: 'https://api.mch.weixin.qq.com/v3/pay/transactions/native',
        body: {
          appid: cfg.appId,
          mchid: cfg.mchId,
          description: '动态住宅流量 5 GB',
          out_trade_no: 'P20250301000002',
          time_expire: '2025-03-01T10:30:00+08:00',
          notify_url: 'https://novaproxy.com/app-api/pay/notify/wechat',
          amount: { total: 9900, currency: 'CNY' },
        },
      },
    ]);
  });

  it('creates an H5 payment with the scene and returns its URL with redirect_url', async () => {
    const { gateway, seen } = gatewayWith('signed');
    const action = await gateway.create(request({ channel: 'wx_h5' }));
    expect(action).toEqual({
      kind: 'redirect',
      url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx20250301&package=2150917749&redirect_url=${encodeURIComponent(
        'https://novaproxy.com/h5/order/result?orderId=8',
      )}`,
    });
    expect(seen[0]?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(seen[0]?.body.scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
  });

  it('cuts the description to 127 bytes of UTF-8', async () => {
    const { gateway, seen } = gatewayWith('signed');
    await gateway.create(request({ subject: '流'.repeat(100) }));
    expect(seen[0]?.body.description).toBe('流'.repeat(42));
  });

  it.each([
    ['unsigned', /missing Wechatpay-\* signature headers/],
    ['wrong-key', /invalid Wechatpay-Signature/],
    ['wrong-serial', /not our WeChat Pay public key id/],
    ['stale', /stale/],
    ['refused', /HTTP 400 PARAM_ERROR: out_trade_no invalid/],
  ] as const)('refuses a %s answer with a GatewayError', async (mode, reason) => {
    const { gateway } = gatewayWith(mode);
    const result = gateway.create(request());
    await expect(result).rejects.toBeInstanceOf(GatewayError);
    await expect(result).rejects.toThrow(reason);
  });

  it('is refused by the API when it signs with another merchant key', async () => {
    const fake = fakeWechat('signed');
    const impostor = createWechatGateway({ ...cfg, privateKey: stranger.privateKey }, { fetch: fake.fetch, now: () => NOW });
    await expect(impostor.create(request())).rejects.toThrow(/HTTP 401 SIGN_ERROR/);
    expect(fake.seen).toEqual([]);
  });

  it('turns an unreachable API and a foreign channel into GatewayError', async () => {
    const down = createWechatGateway(cfg, {
      now: () => NOW,
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.create(request())).rejects.toThrow(/could not be reached/);
    await expect(gatewayWith('signed').gateway.create(request({ channel: 'alipay_pc' }))).rejects.toBeInstanceOf(GatewayError);
  });

  it('accepts a signed notification and decrypts its transaction', async () => {
    const { gateway } = gatewayWith('signed');
    const rawBody = envelope(encryptResource(JSON.stringify(transaction())));
    await expect(gateway.verifyNotification({ headers: signedHeaders(rawBody), rawBody })).resolves.toEqual({
      paymentNo: 'P20250301000002',
      tradeNo: '4200000000202503010000000001',
      amountFen: 9900,
      currency: 'CNY',
      appId: cfg.appId,
      paid: true,
      paidAt: new Date('2025-03-01T02:01:09Z'),
    });
    const notPaid = envelope(encryptResource(JSON.stringify(transaction({ trade_state: 'CLOSED', success_time: undefined }))));
    await expect(gateway.verifyNotification({ headers: signedHeaders(notPaid), rawBody: notPaid })).resolves.toMatchObject({
      paid: false,
      paidAt: NOW,
    });
    // Header names in any case (Node lower-cases them, but not every caller does).
    const upper = Object.fromEntries(Object.entries(signedHeaders(rawBody)).map(([k, v]) => [k.replace(/^w/, 'W'), v]));
    await expect(gateway.verifyNotification({ headers: upper, rawBody })).resolves.toMatchObject({ paid: true });
  });

  it('rejects bad signatures, stale timestamps, a wrong serial, tampered or foreign resources', async () => {
    const { gateway } = gatewayWith('signed');
    const rawBody = envelope(encryptResource(JSON.stringify(transaction())));
    const resource = encryptResource(JSON.stringify(transaction()));
    const tamperedBytes = Buffer.from(resource.ciphertext, 'base64');
    tamperedBytes[3] = (tamperedBytes[3] ?? 0) ^ 1;
    const tampered = envelope({ ...resource, ciphertext: tamperedBytes.toString('base64') });
    const signedOther = (tx: Record<string, unknown>) => {
      const body = envelope(encryptResource(JSON.stringify(tx)));
      return { headers: signedHeaders(body), rawBody: body };
    };
    const cases: [{ headers: Record<string, string>; rawBody: string }, RegExp][] = [
      [{ headers: signedHeaders(rawBody, { key: stranger.privateKey }), rawBody }, /invalid Wechatpay-Signature/],
      [{ headers: signedHeaders(rawBody), rawBody: rawBody.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS ') }, /invalid/],
      [{ headers: signedHeaders(rawBody, { timestamp: nowSeconds - 6 * 60 }), rawBody }, /stale/],
      [{ headers: signedHeaders(rawBody, { timestamp: nowSeconds + 6 * 60 }), rawBody }, /stale/],
      [{ headers: signedHeaders(rawBody, { serial: 'PUB_KEY_ID_OTHER' }), rawBody }, /not our WeChat Pay public key id/],
      [{ headers: {}, rawBody }, /missing/],
      [{ headers: signedHeaders(tampered), rawBody: tampered }, /could not be decrypted/],
      [
        (() => {
          const body = envelope(encryptResource(JSON.stringify(transaction()), 'Z'.repeat(32)));
          return { headers: signedHeaders(body), rawBody: body };
        })(),
        /could not be decrypted/,
      ],
      [signedOther(transaction({ mchid: '1900000999' })), /merchant 1900000999/],
      [signedOther(transaction({ amount: { total: 9900, currency: 'USD' } })), /currency/],
      [signedOther(transaction({ amount: { total: '9900', currency: 'CNY' } })), /amount/],
      [signedOther(transaction({ success_time: 'soon' })), /success_time/],
      [signedOther(transaction({ transaction_id: undefined })), /transaction_id/],
      [{ headers: signedHeaders('not json'), rawBody: 'not json' }, /could not be decrypted/],
    ];
    for (const [notification, reason] of cases) {
      const result = gateway.verifyNotification(notification);
      await expect(result, String(reason)).rejects.toBeInstanceOf(NotificationRejected);
      await expect(result, String(reason)).rejects.toThrow(reason);
    }
  });

  it('acknowledges with 204, or 500 and a FAIL body', () => {
    const { gateway } = gatewayWith('signed');
    expect(gateway.acknowledge(true)).toMatchObject({ status: 204, body: '' });
    const fail = gateway.acknowledge(false);
    expect(fail.status).toBe(500);
    expect(fail.contentType).toContain('application/json');
    expect(JSON.parse(fail.body)).toMatchObject({ code: 'FAIL' });
  });
});
