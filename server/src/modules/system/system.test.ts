import { clientConfig, envelope, website } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { createTestApp, type TestApp, withoutSandboxEnv } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { DEFAULT_SITE } from './seed.ts';
import { siteSettings } from './tables.ts';

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.destroy();
});

describe('GET /healthz', () => {
  it('answers ok when the database responds', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /app-api/getIp', () => {
  const getIp = async (app: TestApp, forwardedFor?: string, remoteAddress = '10.0.0.5') => {
    const res = await app.app.inject({
      url: '/app-api/getIp',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('ignores X-Forwarded-For unless TRUSTED_PROXY is set', async () => {
    expect(await getIp(t, '203.0.113.7')).toEqual({ code: 0, data: { ip: '10.0.0.5' }, msg: '' });
  });

  it('honours X-Forwarded-For from a trusted proxy', async () => {
    const trusting = await createTestApp({ database, env: { TRUSTED_PROXY: 'true' } });
    try {
      expect((await getIp(trusting, '203.0.113.7')).data.ip).toBe('203.0.113.7');
    } finally {
      await trusting.close();
    }
  });

  it('trusts only the listed proxies', async () => {
    const listed = await createTestApp({ database, env: { TRUSTED_PROXY: '10.0.0.0/8' } });
    try {
      expect((await getIp(listed, '203.0.113.7', '10.0.0.5')).data.ip).toBe('203.0.113.7');
      expect((await getIp(listed, '203.0.113.7', '198.51.100.1')).data.ip).toBe('198.51.100.1');
      // A client cannot slip in a fake address in front of the proxy's own entry.
      expect((await getIp(listed, '1.1.1.1, 203.0.113.7', '10.0.0.5')).data.ip).toBe('203.0.113.7');
    } finally {
      await listed.close();
    }
  });

  it('trusts a hop count of proxies', async () => {
    const hops = await createTestApp({ database, env: { TRUSTED_PROXY: '1' } });
    try {
      expect((await getIp(hops, '1.1.1.1, 203.0.113.7')).data.ip).toBe('203.0.113.7');
    } finally {
      await hops.close();
    }
  });
});

describe('GET /app-api/ip/website/get', () => {
  it('returns the seeded site settings in the envelope, matching the shared schema', async () => {
    const res = await t.app.inject('/app-api/ip/website/get');
    expect(res.statusCode).toBe(200);
    const body = envelope(website).parse(res.json());
    expect(body.code).toBe(0);
    expect(body.msg).toBe('');
    expect(body.data).toEqual({
      name: { en: 'NovaProxy', 'zh-CN': '诺瓦代理' },
      logoUrl: '/logo.svg',
      domain: 'novaproxy.com',
      serviceHours: { en: '24/7', 'zh-CN': '7×24 小时' },
      contacts: DEFAULT_SITE.contacts,
      icp: null,
    });
    expect(body.data?.contacts.map((c) => c.kind)).toEqual(['phone', 'email', 'wechat', 'qq', 'telegram']);
  });

  it('answers a substation by its host name, other hosts with the default site', async () => {
    await database.db.insert(siteSettings).values({
      ...DEFAULT_SITE,
      domain: 'eu.novaproxy.com',
      isDefault: false,
      name: { en: 'NovaProxy EU', 'zh-CN': '诺瓦代理欧洲站' },
    });
    // A row added outside the service reaches the cached site list through the change notification
    // (at once on PGlite, a moment after commit on PostgreSQL).
    await expect
      .poll(async () => {
        const eu = await t.app.inject({ url: '/app-api/ip/website/get', headers: { host: 'eu.novaproxy.com:8080' } });
        return eu.json().data.name.en;
      })
      .toBe('NovaProxy EU');
    const other = await t.app.inject({ url: '/app-api/ip/website/get', headers: { host: 'unknown.example' } });
    expect(other.json().data.domain).toBe('novaproxy.com');
  });

  it('seeding again changes nothing', async () => {
    await seed(database.db, { sandbox: false });
    expect(await database.db.$count(siteSettings)).toBe(2);
  });
});

describe('GET /app-api/system/client-config', () => {
  it('answers analytics null when no script is configured', async () => {
    const res = await t.app.inject('/app-api/system/client-config');
    expect(res.statusCode).toBe(200);
    expect(envelope(clientConfig).parse(res.json())).toEqual({
      code: 0,
      data: { analytics: null, captchaEnabled: false, sandbox: true, smsCountries: null },
      msg: '',
    });
  });

  it('answers the configured analytics script and site id', async () => {
    const configured = await createTestApp({
      database,
      env: {
        ANALYTICS_SCRIPT_URL: 'https://stats.example.com/script.js',
        ANALYTICS_SITE_ID: 'b7e1c2d4-5f60-4a1b-9c3d-2e4f6a8b0c1d',
      },
    });
    const selfHosted = await createTestApp({ database, env: { ANALYTICS_SCRIPT_URL: '/stats/script.js' } });
    try {
      expect((await configured.app.inject('/app-api/system/client-config')).json().data).toEqual({
        analytics: { scriptUrl: 'https://stats.example.com/script.js', siteId: 'b7e1c2d4-5f60-4a1b-9c3d-2e4f6a8b0c1d' },
        captchaEnabled: false,
        sandbox: true,
        smsCountries: null,
      });
      expect((await selfHosted.app.inject('/app-api/system/client-config')).json().data).toEqual({
        analytics: { scriptUrl: '/stats/script.js', siteId: null },
        captchaEnabled: false,
        sandbox: true,
        smsCountries: null,
      });
    } finally {
      await configured.close();
      await selfHosted.close();
    }
  });

  it('tells the browser whether the sandbox is on (every page shows a band then)', async () => {
    const real = await createTestApp({ database, env: withoutSandboxEnv() });
    try {
      expect((await real.app.inject('/app-api/system/client-config')).json().data.sandbox).toBe(false);
    } finally {
      await real.close();
    }
  });

  it('tells the browser whether the security check is required', async () => {
    const guarded = await createTestApp({ database, env: { CAPTCHA_ENABLED: 'true' } });
    try {
      expect((await guarded.app.inject('/app-api/system/client-config')).json().data.captchaEnabled).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});
