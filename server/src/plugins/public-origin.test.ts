import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectRules } from '../modules/redirects/tables.ts';
import { createSandboxGateway } from '../modules/payments/gateways/sandbox.ts';
import { siteSettings } from '../modules/system/tables.ts';
import { DEFAULT_SITE } from '../modules/system/seed.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { bearer, createTestUser, loginToken } from '../test/members.ts';

const INDEX = '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>NovaProxy</title></head><body></body></html>';
const HTML = 'text/html,*/*;q=0.8';
const EVIL = 'evil.example';

/** Without PUBLIC_BASE_URL (the default origin is http://localhost:8080). */
let dev: TestApp;
/** PUBLIC_BASE_URL=https://novaproxy.test, behind a trusted proxy (X-Forwarded-Host is believed). */
let prod: TestApp;

beforeAll(async () => {
  dev = await createTestApp({ env: { SANDBOX: 'true' }, remotes: true });
  prod = await createTestApp({
    remotes: true,
    database: dev.database,
    env: { SANDBOX: 'true', PUBLIC_BASE_URL: 'https://novaproxy.test/', TRUSTED_PROXY: 'true' },
  });
  for (const app of [dev, prod]) {
    await mkdir(app.config.shellDist, { recursive: true });
    await writeFile(join(app.config.shellDist, 'index.html'), INDEX);
  }
  await dev.database.db
    .insert(siteSettings)
    .values({ ...DEFAULT_SITE, domain: 'proxy-b.example', isDefault: false, name: { en: 'Proxy B', 'zh-CN': '代理 B' } });
  // Rows that reached the table without the CLI's validation: "relative" targets that leave the site.
  await dev.database.db.insert(redirectRules).values([
    { path: '/escape-slashes', target: `//${EVIL}/x` },
    { path: '/escape-backslash', target: `/\\${EVIL}/x` },
    { path: '/escape-tab', target: `/\t/${EVIL}/x` },
  ]);
});
afterAll(async () => {
  await prod.close();
  await dev.close();
});

const page = (t: TestApp, url: string, headers: Record<string, string>) =>
  t.app.inject({ url, headers: { accept: HTML, ...headers } });

/** Every absolute URL in a page head, sitemap or robots.txt. */
const urlsIn = (body: string) =>
  [...body.matchAll(/(?:href|content)="(https?:\/\/[^"]+)"|<loc>([^<]+)<|Sitemap: (\S+)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? '',
  );

describe('absolute URLs with Host: evil.example', () => {
  it('the page head names the default origin only (canonical, hreflang, og:url)', async () => {
    const res = await page(dev, '/en/buy', { host: EVIL });
    expect(res.statusCode).toBe(200);
    const urls = urlsIn(res.body);
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const url of urls) expect(url).toMatch(/^http:\/\/localhost:8080\//);
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:8080/en/buy"');
    expect(res.body).toContain('<meta property="og:url" content="http://localhost:8080/en/buy">');
    expect(res.body).not.toContain(EVIL);
  });

  it('X-Forwarded-Host from a trusted proxy cannot choose an origin either', async () => {
    const res = await page(prod, '/en/buy', { host: 'novaproxy.test', 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' });
    for (const url of urlsIn(res.body)) expect(url).toMatch(/^https:\/\/novaproxy\.test\//);
    expect(res.body).not.toContain(EVIL);
  });

  it('the sitemap and robots.txt name the default origin only', async () => {
    for (const [t, origin] of [
      [dev, 'http://localhost:8080/'],
      [prod, 'https://novaproxy.test/'],
    ] as const) {
      const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: EVIL } });
      const robots = await t.app.inject({ url: '/robots.txt', headers: { host: EVIL } });
      const urls = [...urlsIn(sitemap.body), ...urlsIn(robots.body)];
      expect(urls.length).toBeGreaterThan(20);
      for (const url of urls) expect(url.startsWith(origin), url).toBe(true);
      expect(sitemap.body + robots.body).not.toContain(EVIL);
    }
  });

  it('order/pay builds the cashier, return, quit and notify URLs on the default origin', async () => {
    const user = await createTestUser(dev.app.db);
    const token = await loginToken(dev.app, user.mobile as string, user.password);
    const list = (await dev.app.inject({ url: '/app-api/ip/traffic-combo-product-price/list' })).json().data;
    const api = (t: TestApp, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { ...bearer(token), host: EVIL }, payload });
    for (const [t, origin] of [
      [dev, 'http://localhost:8080'],
      [prod, 'https://novaproxy.test'],
    ] as const) {
      const order = (await api(t, '/app-api/ip/recharge-order/create', { packageId: list[0].id, accountType: 0 })).json().data;
      const action = (await api(t, '/app-api/order/pay', { orderId: order.id, channel: 'alipay_pc' })).json().data;
      expect(action.kind).toBe('redirect');
      const cashier = new URL(action.url);
      expect(cashier.origin).toBe(origin);
      // The ticket inside the cashier URL carries the return, quit and notify URLs.
      const ticket = await createSandboxGateway(t.config).readCashierToken(cashier.pathname.replace('/sandbox/cashier/', ''));
      expect(ticket).toMatchObject({
        returnUrl: `${origin}/order?id=${order.id}`,
        quitUrl: `${origin}/order?id=${order.id}&cancelled=1`,
        notifyUrl: `${origin}/app-api/pay/notify/sandbox`,
      });
      // The cashier's fail button sends the browser back to the portal, not to the forged host.
      const fail = await t.app.inject({ method: 'POST', url: `${cashier.pathname}/fail`, headers: { host: EVIL } });
      expect(fail.statusCode).toBe(303);
      expect(fail.headers.location).toBe(`${origin}/order?id=${order.id}&cancelled=1`);
    }
  });
});

describe('the cashier with a ticket minted for another origin (before the fix, or forged Host)', () => {
  it('pays or fails without redirecting off the portal', async () => {
    const gateway = createSandboxGateway(dev.config);
    const mint = async (paymentNo: string) => {
      const action = await gateway.create({
        paymentNo,
        channel: 'alipay_pc',
        amountFen: 100,
        subject: 'Traffic',
        clientIp: '127.0.0.1',
        returnUrl: `http://${EVIL}/order?id=1`,
        quitUrl: `http://${EVIL}/order/1`,
        notifyUrl: 'http://localhost:8080/app-api/pay/notify/sandbox',
        expireAt: new Date(Date.now() + 60_000),
      });
      return new URL(action.kind === 'redirect' ? action.url : action.codeUrl).pathname;
    };
    const path = await mint('P-EVIL-1');
    const shown = await dev.app.inject({ url: path, headers: { 'accept-language': 'en' } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-security-policy']).not.toContain(EVIL);
    const fail = await dev.app.inject({ method: 'POST', url: `${path}/fail`, headers: { 'accept-language': 'en' } });
    expect(fail.statusCode).toBe(200);
    expect(fail.headers.location).toBeUndefined();
    expect(fail.body).toContain('Payment not made');
    expect(fail.body).not.toContain(EVIL);
  });
});

describe('substations and this machine', () => {
  it('a configured substation gets its own host name; localhost aliases keep theirs without PUBLIC_BASE_URL', async () => {
    const canonical = async (t: TestApp, host: string) =>
      /<link rel="canonical" href="([^"]+)"/.exec((await page(t, '/en/buy', { host })).body)?.[1];
    expect(await canonical(dev, 'proxy-b.example')).toBe('http://proxy-b.example:8080/en/buy');
    expect(await canonical(prod, 'proxy-b.example')).toBe('https://proxy-b.example/en/buy');
    expect(await canonical(dev, '127.0.0.1:8080')).toBe('http://127.0.0.1:8080/en/buy');
    expect(await canonical(dev, '[::1]:8080')).toBe('http://[::1]:8080/en/buy');
    // Another port of this machine is not the portal.
    expect(await canonical(dev, '127.0.0.1:9999')).toBe('http://localhost:8080/en/buy');
    // Once PUBLIC_BASE_URL is set, loopback names are just unknown hosts.
    expect(await canonical(prod, 'localhost:8080')).toBe('https://novaproxy.test/en/buy');
    expect(await canonical(dev, 'localhost:8080/x@evil.example')).toBe('http://localhost:8080/en/buy');
  });

  it('allows redirects to the public origins only', async () => {
    const { allows } = dev.app.publicOrigins;
    expect(await allows('http://localhost:8080/order/1')).toBe(true);
    expect(await allows('http://127.0.0.1:8080/order/1')).toBe(true);
    expect(await allows('http://proxy-b.example:8080/order/1')).toBe(true);
    expect(await allows('https://proxy-b.example/order/1')).toBe(false);
    expect(await allows(`http://${EVIL}/order/1`)).toBe(false);
    expect(await allows(`http://localhost:8080@${EVIL}/`)).toBe(false);
    expect(await allows('javascript:alert(1)')).toBe(false);
    expect(await prod.app.publicOrigins.allows('https://novaproxy.test/en/order/1')).toBe(true);
    expect(await prod.app.publicOrigins.allows('http://localhost:8080/order/1')).toBe(false);
  });
});

describe('redirect rules', () => {
  it.each(['/escape-slashes', '/escape-backslash', '/escape-tab'])('never turn %s into a redirect off the site', async (path) => {
    for (const url of [path, `/en${path}`]) {
      const res = await page(dev, url, { host: 'localhost:8080' });
      expect(res.statusCode, url).not.toBe(302);
      expect(res.headers.location, url).toBeUndefined();
    }
    const api = await dev.app.inject({ url: `/app-api/system/redirect?path=${encodeURIComponent(path)}` });
    expect(api.json().data.target).toBeNull();
  });
});
