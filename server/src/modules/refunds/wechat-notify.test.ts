import { createCipheriv, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestUser } from '../../test/members.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { payments, refunds } from '../payments/tables.ts';

const rsa = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};
const merchant = rsa();
const platform = rsa();
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092025030100000000000001';
const MCH_ID = '1900000109';

let t: TestApp;
const now = new Date('2026-11-21T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    env: {
      SANDBOX: 'true',
      WECHATPAY_MCHID: MCH_ID,
      WECHATPAY_APPID: 'wxd678efh567hg6787',
      WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
      WECHATPAY_APIV3_KEY: API_V3_KEY,
    },
  });
}, 60_000);
afterAll(() => t.close());

function notification(refund: object, key = platform.privateKey) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from('refund', 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(refund), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: 'EV-1',
    event_type: 'REFUND.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: {
      original_type: 'refund',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: 'refund',
      nonce,
    },
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headerNonce = randomBytes(8).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`, 'utf8').sign(key, 'base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': PUBLIC_KEY_ID,
    },
  };
}

describe('WeChat Pay refund notifications', () => {
  it('a signed REFUND.SUCCESS settles the refund once; a forged one is refused and changes nothing', async () => {
    const user = await createTestUser(t.app.db);
    const [order] = await t.app.db
      .insert(rechargeOrders)
      .values({
        orderNo: 'R20261121080000000001',
        userId: user.id,
        status: 1,
        payStatus: 1,
        source: 'pc',
        accountType: 0,
        trafficMb: 1024,
        giftTrafficMb: 0,
        validityDays: 30,
        rechargeAmountFen: 990,
        feeFen: 0,
        payAmountFen: 990,
        siteId: 1,
        payChannel: 'wx_native',
        payTime: now,
        payDeadline: now,
        createdAt: now,
      })
      .returning();
    const [payment] = await t.app.db
      .insert(payments)
      .values({
        paymentNo: 'P20261121080000000001',
        orderKind: 'recharge',
        orderId: order?.id ?? 0,
        userId: user.id,
        channel: 'wx_native',
        gateway: 'wechat',
        amountFen: 990,
        status: 1,
        tradeNo: '4200000000000000001',
        paidAt: now,
        createdAt: now,
      })
      .returning();
    await t.app.db.insert(refunds).values({
      refundNo: 'F20261121080000000001',
      paymentId: payment?.id ?? 0,
      orderKind: 'recharge',
      orderId: order?.id ?? 0,
      orderNo: 'R20261121080000000001',
      userId: user.id,
      amountFen: 990,
      status: 'submitted',
      origin: 'ops',
      reason: 'test',
      actor: 'ops:test',
      nextAttemptAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
    });
    const refund = {
      mchid: MCH_ID,
      out_trade_no: 'P20261121080000000001',
      transaction_id: '4200000000000000001',
      out_refund_no: 'F20261121080000000001',
      refund_id: '50300000000000000001',
      refund_status: 'SUCCESS',
      success_time: '2026-11-21T16:01:00+08:00',
      amount: { total: 990, refund: 990, payer_total: 990, payer_refund: 990 },
    };
    const post = (n: ReturnType<typeof notification>) =>
      t.app.inject({ method: 'POST', url: '/app-api/pay/refund-notify/wechat', payload: n.body, headers: n.headers });

    const forged = await post(notification(refund, merchant.privateKey));
    expect(forged.statusCode).toBe(500);
    const row = async () => (await t.app.db.select().from(refunds).where(eq(refunds.refundNo, refund.out_refund_no)))[0];
    expect((await row())?.status).toBe('submitted');

    expect((await post(notification(refund))).statusCode).toBe(204);
    expect(await row()).toMatchObject({ status: 'succeeded', providerRefundId: '50300000000000000001' });
    const settledAt = (await row())?.settledAt;
    // WeChat Pay resends: acknowledged, nothing changes.
    expect((await post(notification(refund))).statusCode).toBe(204);
    expect((await row())?.settledAt).toEqual(settledAt);
  });
});
