import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipayConfig, WechatPayConfig } from '../../../config/index.ts';
import { createGateways } from './index.ts';

const rsa = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    publicKey: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};
const a = rsa();
const w = rsa();
const alipay: AlipayConfig = {
  appId: '2021000000000001',
  privateKey: a.privateKey,
  alipayPublicKey: a.publicKey,
  gateway: 'https://openapi.alipay.com/gateway.do',
};
const wechat: WechatPayConfig = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  certSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: w.privateKey,
  publicKey: w.publicKey,
  publicKeyId: 'PUB_KEY_ID_01',
  apiV3Key: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  baseUrl: 'https://api.mch.weixin.qq.com',
};

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gateways-test-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('createGateways', () => {
  it('sends every channel to the sandbox when no provider is configured', () => {
    const gateways = createGateways({
      sandbox: true,
      dataDir,
      dataEncryptionKey: null,
      payments: { alipay: null, wechat: null },
    });
    expect(gateways.channels).toEqual(['alipay_pc', 'wx_native', 'alipay_wap', 'wx_h5']);
    expect(gateways.gatewayFor('alipay_pc')?.name).toBe('sandbox');
    expect(gateways.gatewayFor('wx_h5')).toBe(gateways.sandbox);
    expect(gateways.byName('sandbox')).toBe(gateways.sandbox);
    expect(gateways.byName('alipay')).toBeNull();
  });

  it('prefers a configured provider, the sandbox standing in for the other', () => {
    const gateways = createGateways({ sandbox: true, dataDir, dataEncryptionKey: null, payments: { alipay, wechat: null } });
    expect(gateways.gatewayFor('alipay_wap')?.name).toBe('alipay');
    expect(gateways.gatewayFor('wx_native')?.name).toBe('sandbox');
    expect(gateways.byName('alipay')?.expectedAppId).toBe('2021000000000001');
    expect(gateways.channels).toHaveLength(4);
  });

  it('offers only the configured providers outside the sandbox', () => {
    const gateways = createGateways({ sandbox: false, dataDir, dataEncryptionKey: null, payments: { alipay: null, wechat } });
    expect(gateways.channels).toEqual(['wx_native', 'wx_h5']);
    expect(gateways.gatewayFor('alipay_pc')).toBeNull();
    expect(gateways.gatewayFor('wx_h5')?.name).toBe('wechat');
    expect(gateways.sandbox).toBeNull();
    expect(gateways.byName('sandbox')).toBeNull();
    expect(gateways.byName('__proto__' as never)).toBeNull();
  });

  it('has no sandbox when both providers are configured', () => {
    const gateways = createGateways({ sandbox: true, dataDir, dataEncryptionKey: null, payments: { alipay, wechat } });
    expect(gateways.sandbox).toBeNull();
    expect(gateways.channels).toHaveLength(4);
    expect(
      createGateways({ sandbox: false, dataDir, dataEncryptionKey: null, payments: { alipay: null, wechat: null } }).channels,
    ).toEqual([]);
  });
});
