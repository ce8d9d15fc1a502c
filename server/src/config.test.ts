import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig, REPO_ROOT } from './config/index.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

/** Outside the sandbox DATA_ENCRYPTION_KEY is required (certification data at rest). */
const WITH_KEY = { DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=' };

const rsaPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    pkcs8: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
    pkcs1: privateKey.export({ format: 'pem', type: 'pkcs1' }) as string,
    spki: publicKey.export({ format: 'pem', type: 'spki' }) as string,
  };
};
const appKey = rsaPair();
const alipayKey = rsaPair();
const merchantKey = rsaPair();
const wechatKey = rsaPair();
/** PEM on one line with literal `\n`, as in a .env file. */
const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
/** The base64 body alone, as Alipay's key tool gives it. */
const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
const samePrivate = (a: string, b: string) =>
  createPrivateKey(a)
    .export({ format: 'der', type: 'pkcs8' })
    .equals(createPrivateKey(b).export({ format: 'der', type: 'pkcs8' }));
const samePublic = (a: string, b: string) =>
  createPublicKey(a)
    .export({ format: 'der', type: 'spki' })
    .equals(createPublicKey(b).export({ format: 'der', type: 'spki' }));

const ALIPAY = { ALIPAY_APP_ID: '2021000000000000', ALIPAY_PRIVATE_KEY: appKey.pkcs8, ALIPAY_PUBLIC_KEY: alipayKey.spki };
const WECHATPAY = {
  WECHATPAY_MCHID: '1900000109',
  WECHATPAY_APPID: 'wxd678efh567hg6787',
  WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: merchantKey.pkcs8,
  WECHATPAY_PUBLIC_KEY: wechatKey.spki,
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001092025030100000000000001',
  WECHATPAY_APIV3_KEY: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
};

describe('loadConfig', () => {
  it('applies the defaults, resolving paths against the repo root', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: join(REPO_ROOT, 'data'),
      shellDist: join(REPO_ROOT, 'shell/dist'),
      trustProxy: false,
      sandbox: true,
      logLevel: 'info',
      devRemotes: false,
    });
    expect(REPO_ROOT).toBe(join(import.meta.dirname, '../../'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/portal',
      DATA_DIR: '/var/lib/portal',
      SHELL_DIST: 'build/shell',
      PUBLIC_BASE_URL: 'https://novaproxy.com',
      LOG_LEVEL: 'debug',
      DEV_REMOTES: '1',
      SANDBOX: 'false',
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      MAIL_FROM: 'NovaProxy <no-reply@novaproxy.com>',
      DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/portal',
      dataDir: '/var/lib/portal',
      shellDist: join(REPO_ROOT, 'build/shell'),
      publicBaseUrl: 'https://novaproxy.com',
      logLevel: 'debug',
      devRemotes: true,
      sandbox: false,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('turns the sandbox off by default once a real provider is configured', () => {
    expect(loadConfig({ DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=', ...ALIPAY }).sandbox).toBe(false);
    expect(loadConfig({ ...WITH_KEY, ...WECHATPAY }).sandbox).toBe(false);
    expect(
      loadConfig({
        DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
        SMTP_URL: 'smtp://mail',
        MAIL_FROM: 'no-reply@example.com',
      }).sandbox,
    ).toBe(false);
    expect(loadConfig({ SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com', SANDBOX: 'true' }).sandbox).toBe(
      true,
    );
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,::1', ['10.0.0.0/8', '192.168.1.1', '::1']],
  ])('parses TRUSTED_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUSTED_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('turns a hop count into a function trusting that many hops', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('203.0.113.9', 0), trust('203.0.113.9', 1)]).toEqual([true, false]);
  });

  it.each([
    ['PORT', 'abc', 'expected a port number'],
    ['PORT', '70000', '65535'],
    ['DATABASE_URL', 'mysql://x', 'postgres://'],
    ['TRUSTED_PROXY', '10.0.0.0/40,nope', 'not an IP or CIDR: 10.0.0.0/40, nope'],
    ['SANDBOX', 'maybe', 'true/false'],
    ['PUBLIC_BASE_URL', 'not a url', 'http(s) URL'],
    ['LOG_LEVEL', 'loud', 'expected one of'],
    ['ANALYTICS_SCRIPT_URL', 'http://stats.example.com/s.js', 'https://'],
    ['ANALYTICS_SCRIPT_URL', '//stats.example.com/s.js', 'root-relative'],
    ['ANALYTICS_SCRIPT_URL', 'javascript:alert(1)', 'https://'],
  ])('names the bad variable %s=%s and says why', (variable, value, why) => {
    const error = configError({ ...WITH_KEY, [variable]: value });
    expect(error.issues).toEqual([{ variable, message: expect.stringContaining(why) }]);
    expect(error.message).toContain(`${variable}: `);
    expect(error.message).toContain(JSON.stringify(value));
  });

  it('reads the optional analytics script and site id', () => {
    expect(loadConfig({}).analytics).toBeNull();
    expect(loadConfig({ ANALYTICS_SCRIPT_URL: '/stats/script.js' }).analytics).toEqual({
      scriptUrl: '/stats/script.js',
      siteId: null,
    });
    expect(
      loadConfig({ ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js', ANALYTICS_SITE_ID: ' 0c9f-4e2a ' }).analytics,
    ).toEqual({ scriptUrl: 'https://stats.example.com/script.js', siteId: '0c9f-4e2a' });
  });

  it('refuses an analytics site id without a script, or one that could inject markup', () => {
    expect(configError({ ANALYTICS_SITE_ID: 'abc' }).issues).toEqual([
      { variable: 'ANALYTICS_SITE_ID', message: expect.stringContaining('needs ANALYTICS_SCRIPT_URL') },
    ]);
    expect(configError({ ANALYTICS_SCRIPT_URL: '/s.js', ANALYTICS_SITE_ID: '"><script>' }).issues[0]?.variable).toBe(
      'ANALYTICS_SITE_ID',
    );
  });

  it('bounds server rendering: 64 MB of cached pages and 2 renders at once by default, SSR_CACHE_MB and SSR_CONCURRENCY otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ssrCacheBytes: 64 * 1024 * 1024, ssrConcurrency: 2 });
    expect(loadConfig({ SSR_CACHE_MB: '256', SSR_CONCURRENCY: '4' })).toMatchObject({
      ssrCacheBytes: 256 * 1024 * 1024,
      ssrConcurrency: 4,
    });
    for (const [variable, value] of [
      ['SSR_CACHE_MB', '0'],
      ['SSR_CACHE_MB', '1.5'],
      ['SSR_CACHE_MB', 'lots'],
      ['SSR_CACHE_MB', '99999'],
      ['SSR_CONCURRENCY', '0'],
      ['SSR_CONCURRENCY', '-2'],
      ['SSR_CONCURRENCY', '1000'],
    ] as const)
      expect(
        configError({ [variable]: value }).issues.map((i) => i.variable),
        `${variable}=${value}`,
      ).toEqual([variable]);
  });

  it('reports every bad variable at once', () => {
    const error = configError({ PORT: 'x', LOG_LEVEL: 'y' });
    expect(error.issues.map((i) => i.variable).sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('turns the captcha requirement on by default, off with CAPTCHA_ENABLED=false', () => {
    expect(loadConfig({}).captchaEnabled).toBe(true);
    expect(loadConfig({ CAPTCHA_ENABLED: 'false' }).captchaEnabled).toBe(false);
    expect(loadConfig({ CAPTCHA_ENABLED: '0' }).captchaEnabled).toBe(false);
    expect(configError({ CAPTCHA_ENABLED: 'maybe' }).issues[0]?.variable).toBe('CAPTCHA_ENABLED');
  });

  it('reads the SMS and SMTP providers, without them none', () => {
    expect(loadConfig({})).toMatchObject({ sms: null, mail: null });
    expect(
      loadConfig({
        ...WITH_KEY,
        SMS_PROVIDER: 'aliyun',
        SMS_ACCESS_KEY_ID: 'id',
        SMS_ACCESS_KEY_SECRET: 'secret',
        SMS_SIGN_NAME: 'NovaProxy',
        SMS_TEMPLATE_CODE: 'SMS_1',
      }),
    ).toMatchObject({
      sandbox: false,
      sms: {
        provider: 'aliyun',
        accessKeyId: 'id',
        templateCode: 'SMS_1',
        noticeTemplateCode: null,
        endpoint: 'https://dysmsapi.aliyuncs.com/',
      },
    });
    expect(
      loadConfig({
        DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
        SMS_WEBHOOK_TOKEN: 't',
      }).sms,
    ).toEqual({
      provider: 'webhook',
      url: 'https://sms.example.com/send',
      token: 't',
    });
    expect(
      loadConfig({
        DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
        SMTP_URL: 'smtps://u:p@smtp.example.com:465',
        MAIL_FROM: 'NovaProxy <no-reply@novaproxy.com>',
      }),
    ).toMatchObject({
      sandbox: false,
      mail: { url: 'smtps://u:p@smtp.example.com:465', from: 'NovaProxy <no-reply@novaproxy.com>' },
    });
  });

  it('names the missing or bad provider variables', () => {
    expect(
      configError({ ...WITH_KEY, SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'id' })
        .issues.map((i) => i.variable)
        .sort(),
    ).toEqual(['SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE_CODE']);
    expect(configError({ ...WITH_KEY, SMS_PROVIDER: 'webhook' }).issues.map((i) => i.variable)).toEqual(['SMS_WEBHOOK_URL']);
    expect(configError({ ...WITH_KEY, SMS_PROVIDER: 'twilio' }).issues.map((i) => i.variable)).toEqual(['SMS_PROVIDER']);
    expect(
      configError({ ...WITH_KEY, SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: 'http://sms.example.com/' }).issues.map(
        (i) => i.variable,
      ),
    ).toEqual(['SMS_WEBHOOK_URL']);
    expect(configError({ ...WITH_KEY, SMTP_URL: 'smtp://smtp.example.com' }).issues.map((i) => i.variable)).toEqual([
      'MAIL_FROM',
    ]);
    expect(
      configError({ ...WITH_KEY, SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'a@b.cn' }).issues.map((i) => i.variable),
    ).toEqual(['SMTP_URL']);
  });

  it('wants the data key from the environment with DATABASE_URL, even in the sandbox: every instance needs the same', () => {
    const database = { DATABASE_URL: 'postgres://u@db:5432/portal' };
    expect(configError(database).issues).toEqual([
      expect.objectContaining({ variable: 'DATA_ENCRYPTION_KEY', message: expect.stringContaining('with DATABASE_URL') }),
    ]);
    expect(loadConfig({ ...database, ...WITH_KEY }).dataEncryptionKey).toHaveLength(32);
    // The embedded default keeps making one in its data folder.
    expect(loadConfig({}).dataEncryptionKey).toBeNull();
  });

  it('has no payment providers and no proxy network key by default', () => {
    expect(loadConfig({})).toMatchObject({ payments: { alipay: null, wechat: null }, proxyNetworkApiKey: null });
  });

  it('reads full Alipay and WeChat Pay configurations', () => {
    const config = loadConfig({ ...WITH_KEY, ...ALIPAY, ...WECHATPAY });
    expect(config.sandbox).toBe(false);
    expect(config.payments.alipay).toEqual({
      appId: '2021000000000000',
      privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----'),
      alipayPublicKey: expect.stringContaining('-----BEGIN PUBLIC KEY-----'),
      gateway: 'https://openapi.alipay.com/gateway.do',
    });
    expect(config.payments.wechat).toEqual({
      mchId: '1900000109',
      appId: 'wxd678efh567hg6787',
      certSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----'),
      publicKey: expect.stringContaining('-----BEGIN PUBLIC KEY-----'),
      publicKeyId: 'PUB_KEY_ID_0119000001092025030100000000000001',
      apiV3Key: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
      baseUrl: 'https://api.mch.weixin.qq.com',
    });
    expect(samePrivate(config.payments.alipay?.privateKey ?? '', appKey.pkcs8)).toBe(true);
    expect(samePublic(config.payments.wechat?.publicKey ?? '', wechatKey.spki)).toBe(true);
  });

  it('takes PEM with literal \\n, PKCS#1, bare base64 keys and custom endpoints', () => {
    const config = loadConfig({
      ...WITH_KEY,
      ...ALIPAY,
      ...WECHATPAY,
      ALIPAY_PRIVATE_KEY: bare(appKey.pkcs1),
      ALIPAY_PUBLIC_KEY: bare(alipayKey.spki),
      ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
      WECHATPAY_PRIVATE_KEY: oneLine(merchantKey.pkcs1),
      WECHATPAY_PUBLIC_KEY: oneLine(wechatKey.spki),
      WECHATPAY_BASE_URL: 'http://localhost:9000/',
    });
    expect(config.payments.alipay?.gateway).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(config.payments.wechat?.baseUrl).toBe('http://localhost:9000');
    expect(samePrivate(config.payments.alipay?.privateKey ?? '', appKey.pkcs8)).toBe(true);
    expect(config.payments.alipay?.privateKey).toContain('-----BEGIN PRIVATE KEY-----');
    expect(samePublic(config.payments.alipay?.alipayPublicKey ?? '', alipayKey.spki)).toBe(true);
    expect(samePrivate(config.payments.wechat?.privateKey ?? '', merchantKey.pkcs8)).toBe(true);
    expect(samePublic(config.payments.wechat?.publicKey ?? '', wechatKey.spki)).toBe(true);
  });

  it('refuses a partially configured provider, naming the missing variables', () => {
    const variables = (env: Record<string, string>) =>
      configError({ ...WITH_KEY, ...env })
        .issues.map((i) => i.variable)
        .sort();
    expect(variables({ ALIPAY_APP_ID: '2021000000000000' })).toEqual(['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
    expect(variables({ ALIPAY_PUBLIC_KEY: alipayKey.spki })).toEqual(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY']);
    expect(variables({ ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do' })).toEqual([
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY',
      'ALIPAY_PUBLIC_KEY',
    ]);
    const { WECHATPAY_APIV3_KEY: _, WECHATPAY_PUBLIC_KEY_ID: __, ...partialWechat } = WECHATPAY;
    expect(variables({ ...ALIPAY, ...partialWechat })).toEqual(['WECHATPAY_APIV3_KEY', 'WECHATPAY_PUBLIC_KEY_ID']);
    const error = configError({ ...WITH_KEY, WECHATPAY_MCHID: '1900000109' });
    expect(error.issues).toHaveLength(6);
    expect(error.message).toContain('WECHATPAY_APPID: required with WECHATPAY_MCHID');
    // Partial even in the sandbox: a typo must not silently fall back to simulated payments.
    expect(
      configError({ SANDBOX: 'true', ALIPAY_APP_ID: '2021000000000000' })
        .issues.map((i) => i.variable)
        .sort(),
    ).toEqual(['ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
  });

  it.each([
    ['ALIPAY_APP_ID', 'app-1', 'app id'],
    ['ALIPAY_PRIVATE_KEY', '-----BEGIN PRIVATE KEY-----\\nnope\\n-----END PRIVATE KEY-----', 'RSA private key'],
    ['ALIPAY_PUBLIC_KEY', 'not a key', 'RSA public key'],
    ['ALIPAY_GATEWAY', 'http://openapi.alipay.com/gateway.do', 'https://'],
    ['WECHATPAY_MCHID', 'mch', 'merchant id'],
    ['WECHATPAY_APPID', 'ab12', 'appid'],
    ['WECHATPAY_CERT_SERIAL_NO', 'serial!', 'serial number'],
    ['WECHATPAY_PUBLIC_KEY_ID', '5157F09EFDC0', 'PUB_KEY_ID_'],
    ['WECHATPAY_APIV3_KEY', 'too-short', '32-character'],
    ['WECHATPAY_BASE_URL', 'ftp://api.mch.weixin.qq.com', 'https://'],
    ['PROXY_NETWORK_API_KEY', 'short', 'at least 24'],
  ])('names the bad variable %s and says why', (variable, value, why) => {
    // (The provider's other variables are reported missing as well.)
    const issues = configError({ [variable]: value }).issues.filter((i) => i.variable === variable);
    expect(issues).toEqual([{ variable, message: expect.stringContaining(why) }]);
  });

  it('refuses keys of the wrong kind or size, and never echoes secrets', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    }) as string;
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string;
    for (const key of [small, ec, alipayKey.spki]) {
      const error = configError({ ...WITH_KEY, ...ALIPAY, ALIPAY_PRIVATE_KEY: key });
      expect(error.issues.map((i) => i.variable)).toEqual(['ALIPAY_PRIVATE_KEY']);
      expect(error.message).not.toContain(key.split('\n')[1] ?? '');
      expect(error.message).toMatch(/\d+ characters, not shown/);
    }
    // A private key where the public one belongs is a mix-up, not a key to derive from.
    expect(configError({ ...WITH_KEY, ...ALIPAY, ALIPAY_PUBLIC_KEY: appKey.pkcs8 }).issues.map((i) => i.variable)).toEqual([
      'ALIPAY_PUBLIC_KEY',
    ]);
    const apiV3 = configError({ ...WITH_KEY, ...WECHATPAY, WECHATPAY_APIV3_KEY: 'secret-but-31-characters-long!!' });
    expect(apiV3.issues.map((i) => i.variable)).toEqual(['WECHATPAY_APIV3_KEY']);
    expect(apiV3.message).not.toContain('secret-but');
  });

  it('has the proxy gateway defaults', () => {
    expect(loadConfig({}).proxy).toEqual({
      gatewayHost: 'gate.novaproxy.com',
      ports: { http: 7777, https: 7778, socks5: 7779 },
      areaHosts: [],
      requireCertification: true,
      // 16 /24s of IPv4 and four /48s of IPv6.
      allowListSpace: { ipv4: 4096, ipv6: 262_144 },
    });
  });

  it('reads the proxy gateway variables', () => {
    const config = loadConfig({
      PROXY_GATEWAY_HOST: ' Gate.Example.com ',
      PROXY_PORTS: 'socks5:1080, http:8000,https:8443',
      PROXY_AREA_HOSTS: 'america=us.gate.example.com, Europe=eu.gate.example.com,mars=mars.gate.example.com',
      PROXY_REQUIRE_CERTIFICATION: 'false',
      PROXY_ALLOW_LIST_MAX_IPV4_ADDRESSES: ' 1024 ',
      PROXY_ALLOW_LIST_MAX_IPV6_NETWORKS: '65536',
    });
    expect(config.proxy).toEqual({
      gatewayHost: 'gate.example.com',
      ports: { http: 8000, https: 8443, socks5: 1080 },
      areaHosts: [
        { area: 'america', host: 'us.gate.example.com' },
        { area: 'europe', host: 'eu.gate.example.com' },
        { area: 'mars', host: 'mars.gate.example.com' },
      ],
      requireCertification: false,
      allowListSpace: { ipv4: 1024, ipv6: 65_536 },
    });
  });

  it.each([
    ['PROXY_GATEWAY_HOST', 'https://gate.example.com', 'host name'],
    ['PROXY_PORTS', 'http:7777,https:7778', 'each of http, https and socks5'],
    ['PROXY_PORTS', 'http:7777,https:7778,socks5:99999', 'bad entry: socks5:99999'],
    ['PROXY_PORTS', 'http:1,http:2,https:3,socks5:4', 'bad entry: http:2'],
    ['PROXY_AREA_HOSTS', 'america', 'bad entry: america'],
    ['PROXY_AREA_HOSTS', 'global=g.example.com', 'not "global"'],
    ['PROXY_AREA_HOSTS', 'asia=a.example.com,asia=b.example.com', 'each area once'],
    ['PROXY_REQUIRE_CERTIFICATION', 'maybe', 'true/false'],
    ['PROXY_ALLOW_LIST_MAX_IPV4_ADDRESSES', '255', 'from 256 to 16777216'],
    ['PROXY_ALLOW_LIST_MAX_IPV4_ADDRESSES', '4k', 'whole number'],
    ['PROXY_ALLOW_LIST_MAX_IPV6_NETWORKS', '65535', 'from 65536 to 4294967296'],
  ])('names the bad proxy variable %s=%s', (variable, value, why) => {
    expect(configError({ [variable]: value }).issues).toEqual([{ variable, message: expect.stringContaining(why) }]);
  });

  it('limits the accounts one ID card number certifies: 3 by default, CERT_MAX_ACCOUNTS_PER_ID_CARD otherwise', () => {
    expect(loadConfig({}).certMaxAccountsPerIdCard).toBe(3);
    expect(loadConfig({ CERT_MAX_ACCOUNTS_PER_ID_CARD: ' 1 ' }).certMaxAccountsPerIdCard).toBe(1);
    expect(loadConfig({ CERT_MAX_ACCOUNTS_PER_ID_CARD: '' }).certMaxAccountsPerIdCard).toBe(3);
    for (const value of ['0', '-1', '2.5', 'many', '1001']) {
      expect(configError({ CERT_MAX_ACCOUNTS_PER_ID_CARD: value }).issues, value).toEqual([
        { variable: 'CERT_MAX_ACCOUNTS_PER_ID_CARD', message: expect.stringContaining('from 1 to 1000') },
      ]);
    }
  });

  it('reads the proxy network API key', () => {
    expect(loadConfig({ PROXY_NETWORK_API_KEY: ' pnk_0123456789abcdefghijKLMN ' }).proxyNetworkApiKey).toBe(
      'pnk_0123456789abcdefghijKLMN',
    );
    expect(loadConfig({ PROXY_NETWORK_API_KEY: '' }).proxyNetworkApiKey).toBeNull();
    expect(configError({ PROXY_NETWORK_API_KEY: 'has spaces in the middle of it' }).issues[0]?.variable).toBe(
      'PROXY_NETWORK_API_KEY',
    );
  });
});
