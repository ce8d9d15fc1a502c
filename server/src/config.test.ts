import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig, REPO_ROOT } from './config.ts';

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
    expect(
      loadConfig({ DATA_ENCRYPTION_KEY: 'BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=', ALIPAY_APP_ID: '2021000000000000' })
        .sandbox,
    ).toBe(false);
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
    const error = configError({ [variable]: value });
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
});
