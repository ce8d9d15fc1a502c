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
    expect(loadConfig({ ALIPAY_APP_ID: '2021000000000000' }).sandbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail' }).sandbox).toBe(false);
    expect(loadConfig({ SMS_PROVIDER: 'aliyun', SANDBOX: 'true' }).sandbox).toBe(true);
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
});
