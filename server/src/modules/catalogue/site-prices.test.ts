import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpsContext, runOps } from '../../cli/ops.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { bearer } from '../../test/members.ts';
import { addRegion } from '../../test/static-ip.ts';
import { memberUsers } from '../accounts/tables.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { staticOrders } from '../static-ip/tables.ts';
import { defaultSiteId, findSite } from '../system/service.ts';
import { listPackages } from './service.ts';

// Substation prices (decision 0027): overrides per package, tier and static duration; visitors see
// the host's prices, members their own site's, and orders are charged and recorded at the member's site.

const SITE_B = 'b.example.com';
let t: TestApp;
let siteB: number;
let siteA: number;
let out: string[] = [];
let err: string[] = [];

const ops = (...argv: string[]) => {
  out = [];
  err = [];
  const ctx: OpsContext = {
    db: async () => t.app.db,
    config: t.config,
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
  };
  return runOps(argv, ctx);
};

const get = (url: string, host: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(token ? bearer(token) : {}) } });
const post = (url: string, payload: object, host: string, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host, 'accept-language': 'en', ...(token ? bearer(token) : {}) } });

let n = 0;
/** Registers through the route on `host`, as a visitor of that host would. */
async function registerOn(host: string): Promise<{ token: string; id: number }> {
  n += 1;
  const mobile = `1371234${String(n).padStart(4, '0')}`;
  const ip = `198.51.100.${n}`;
  const send = await t.app.inject({
    method: 'POST',
    url: '/app-api/member/auth/send-sms-code',
    payload: { mobile, scene: 0 },
    remoteAddress: ip,
    headers: { host },
  });
  expect(send.json()).toMatchObject({ code: 0 });
  const outbox = await t.app.inject({ url: `/sandbox/outbox.json?to=${mobile}` });
  const code = (outbox.json().messages as { code: string | null }[]).find((m) => m.code)?.code;
  const res = await t.app.inject({
    method: 'POST',
    url: '/app-api/member/auth/register',
    payload: { mobile, password: 'Kite-river-42', code, agreement: true },
    remoteAddress: ip,
    headers: { host },
  });
  const body = res.json();
  expect(body.code).toBe(0);
  const [user] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.mobile, mobile));
  if (!user) throw new Error('not registered');
  return { token: body.data.token, id: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  siteA = await defaultSiteId(t.app.db);
  expect(await ops('site', 'add', SITE_B, '--name-en', 'Bee Proxy', '--name-zh', '蜜蜂代理', '--contact', 'qq:123456')).toBe(0);
  siteB = Number(out[0]);
});
afterAll(() => t.close());

const packageOf = async (host: string, id: number, token?: string) =>
  (
    (await get('/app-api/ip/traffic-combo-product-price/list', host, token)).json().data as {
      id: number;
      priceFen: number;
      originalPriceFen: number;
    }[]
  ).find((p) => p.id === id);

describe('ops site', () => {
  it('lists, adds and changes sites, with clear errors', async () => {
    expect(await ops('site', 'list')).toBe(0);
    expect(out[0]).toMatch(/^\d+\tnovaproxy\.com \(default\)\tNovaProxy \/ 诺瓦代理\t/);
    expect(
      out.some((l) => l.startsWith(`${siteB}\t${SITE_B}\tBee Proxy / 蜜蜂代理\t/logo.svg\t`) && l.includes('qq:123456')),
    ).toBe(true);
    expect(await ops('site', 'set', SITE_B, '--hours-en', '9:00-18:00', '--icp', 'ICP 12345')).toBe(0);
    expect(await findSite(t.app.db, String(siteB))).toMatchObject({
      serviceHours: { en: '9:00-18:00', 'zh-CN': '7×24 小时' },
      icp: 'ICP 12345',
      name: { en: 'Bee Proxy' },
    });
    expect(await ops('site', 'set', String(siteB), '--no-icp')).toBe(0);
    expect((await findSite(t.app.db, SITE_B))?.icp).toBeNull();

    expect(await ops('site', 'add', 'http://x.example.com', '--name-en', 'X', '--name-zh', 'X')).toBe(2);
    expect(err.join('\n')).toMatch(/domain "http:\/\/x\.example\.com": expected a host name/);
    expect(await ops('site', 'add', 'x.example.com', '--name-en', 'X')).toBe(2);
    expect(err.join('\n')).toMatch(/both languages/);
    expect(await ops('site', 'add', SITE_B, '--name-en', 'X', '--name-zh', 'X')).toBe(1);
    expect(err.join('\n')).toMatch(/exists already/);
    expect(await ops('site', 'add', 'x.example.com', '--name-en', 'X', '--name-zh', 'X', '--contact', 'fax:1')).toBe(2);
    expect(await ops('site', 'add', 'x.example.com', '--name-en', 'X', '--name-zh', 'X', '--logo', 'javascript:1')).toBe(2);
    expect(
      await ops('site', 'add', 'x.example.com', '--name-en', 'X', '--name-zh', 'X', '--logo', 'https://cdn.example.com/x.svg'),
    ).toBe(2);
    expect(err.join('\n')).toMatch(/--logo .*a path on this server/);
    expect(await ops('site', 'set', 'nowhere.example.com', '--icp', 'x')).toBe(1);
    expect(err.join('\n')).toMatch(/no site nowhere\.example\.com/);
    expect(await ops('site', 'set', SITE_B)).toBe(2);
    expect(await ops('site', 'set', SITE_B, '--domain', 'novaproxy.com')).toBe(1);
    expect(await findSite(t.app.db, 'x.example.com')).toBeUndefined();
  });

  it('user create --site makes a member of that site; the default site otherwise', async () => {
    expect(await ops('user', 'create', '--mobile', '13955550001', '--password', 'Secret@1234', '--site', SITE_B)).toBe(0);
    const [ofB] = await t.app.db
      .select()
      .from(memberUsers)
      .where(eq(memberUsers.id, Number(out[0])));
    expect(ofB?.siteId).toBe(siteB);
    expect(await ops('user', 'create', '--mobile', '13955550002', '--password', 'Secret@1234')).toBe(0);
    const [ofA] = await t.app.db
      .select()
      .from(memberUsers)
      .where(eq(memberUsers.id, Number(out[0])));
    expect(ofA?.siteId).toBe(siteA);
    expect(
      await ops('user', 'create', '--mobile', '13955550003', '--password', 'Secret@1234', '--site', 'nowhere.example.com'),
    ).toBe(1);
    expect(err.join('\n')).toMatch(/no site nowhere\.example\.com/);
  });

  it('refuses bad price overrides and changes nothing', async () => {
    for (const argv of [
      ['site', 'price', SITE_B, 'package', '1', '-5'],
      ['site', 'price', SITE_B, 'package', 'one', '5'],
      ['site', 'price', SITE_B, 'package', '1', '50', '--original', '40'],
      ['site', 'price', SITE_B, 'tier', '7', '20'],
      ['site', 'price', SITE_B, 'tiers', '1:20,1:19'],
      ['site', 'price', SITE_B, 'tiers', '1-20'],
      ['site', 'price', SITE_B, 'static', '4', '30', '10'],
      ['site', 'price', SITE_B, 'colour', '1'],
    ]) {
      expect(await ops(...argv), argv.join(' ')).toBe(2);
      expect(err.join('\n')).toMatch(/Usage: ops/);
    }
    expect(await ops('site', 'price', SITE_B, 'package', '999999', '5')).toBe(1);
    expect(await ops('site', 'price', SITE_B, 'static', '1', '31', '5')).toBe(1);
    expect(err.join('\n')).toMatch(/not sold for 31 days \(durations: 30, 90, 180\)/);
    expect(await ops('site', 'price', 'nowhere.example.com', 'package', '1', '5')).toBe(1);
    expect(await ops('site', 'list')).toBe(0);
    expect(out.find((l) => l.startsWith(`${siteB}\t`))).toMatch(/\t0 price overrides$/);
  });
});

describe('prices per substation', () => {
  it('a visitor sees the host site prices: package, tier and static duration overrides; unset ones are the default', async () => {
    const [cheapest, second] = await listPackages(t.app.db, siteA);
    if (!cheapest || !second) throw new Error('seeded catalogue is empty');
    expect(await ops('site', 'price', SITE_B, 'package', String(cheapest.id), '99')).toBe(0);
    expect(await ops('site', 'price', SITE_B, 'tier', '50', '22.5')).toBe(0);
    expect(await ops('site', 'price', SITE_B, 'static', '1', '30', '12', '--original', '18')).toBe(0);

    // Host B: its overrides.
    expect(await packageOf(SITE_B, cheapest.id)).toMatchObject({ priceFen: 9900, originalPriceFen: cheapest.originalPriceFen });
    expect(await packageOf(SITE_B, second.id)).toMatchObject({ priceFen: second.priceFen });
    const ruleB = (await get('/app-api/ip/flow-package/getUnitPrice?trafficGb=60', SITE_B)).json().data;
    expect(ruleB).toMatchObject({ unitPriceFen: 2250, priceFen: 60 * 2250 });
    expect(ruleB.tiers.find((tier: { minGb: number }) => tier.minGb === 1).unitPriceFen).toBe(3000);
    const durationsB = (await get('/app-api/ip/static-isp/duration?resourceType=1', SITE_B)).json().data;
    expect(durationsB[0]).toEqual({ days: 30, priceFen: 1200, originalPriceFen: 1800 });
    expect(durationsB[1].priceFen).toBe(1400 * 3);
    expect((await get('/app-api/ip/catalogue/from-prices', SITE_B)).json().data.datacenterPerIpMonthFen).toBe(1200);

    // Any other host: the default site's prices.
    for (const host of ['novaproxy.com', 'localhost', 'unknown.example.org']) {
      expect(await packageOf(host, cheapest.id)).toMatchObject({ priceFen: cheapest.priceFen });
      expect((await get('/app-api/ip/flow-package/getUnitPrice?trafficGb=60', host)).json().data.unitPriceFen).toBe(2500);
      expect((await get('/app-api/ip/static-isp/duration?resourceType=1', host)).json().data[0].priceFen).toBe(1500);
    }

    // `site price <site>` shows them, marked; `default` clears one.
    expect(await ops('site', 'price', SITE_B)).toBe(0);
    expect(out.some((l) => l.startsWith(`package ${cheapest.id}\t`) && l.includes('¥99.00 (site)'))).toBe(true);
    expect(out).toContain('tier 50+ GB\t¥22.50 (site)/GB\t(default ¥25.00/GB)');
    expect(out).toContain('static 1 30 days\t¥12.00 (site)/IP\t(default ¥15.00/IP)');
    expect(await ops('site', 'price', SITE_B, 'static', '1', '30', 'default')).toBe(0);
    expect((await get('/app-api/ip/static-isp/duration?resourceType=1', SITE_B)).json().data[0].priceFen).toBe(1500);
  });

  it('the whole tier table: given tiers at the site price, the others back to default', async () => {
    expect(await ops('site', 'price', SITE_B, 'tiers', '1:28,200:18')).toBe(0);
    const unit = async (gb: number) =>
      (await get(`/app-api/ip/flow-package/getUnitPrice?trafficGb=${gb}`, SITE_B)).json().data.unitPriceFen;
    expect([await unit(10), await unit(60), await unit(300)]).toEqual([2800, 2500, 1800]);
    expect(await ops('site', 'price', SITE_B, 'tiers', 'default')).toBe(0);
    expect([await unit(10), await unit(300)]).toEqual([3000, 2000]);
    expect(await ops('site', 'price', SITE_B, 'tier', '50', '22.5')).toBe(0);
  });

  it('orders: the same choice costs what each buyer site says, the order records the site, whichever host it is placed on', async () => {
    const [cheapest] = await listPackages(t.app.db, siteA);
    if (!cheapest) throw new Error('seeded catalogue is empty');
    const onA = await registerOn('novaproxy.com');
    const onB = await registerOn(SITE_B);
    const [rowA] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, onA.id));
    const [rowB] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, onB.id));
    expect([rowA?.siteId, rowB?.siteId]).toEqual([siteA, siteB]);

    const buy = async (host: string, token: string, payload: object) => {
      const res = await post('/app-api/ip/recharge-order/create', { accountType: 0, source: 'pc', ...payload }, host, token);
      expect(res.json().code).toBe(0);
      return res.json().data as { id: number; payAmountFen: number };
    };
    // Same package, same host (B): the member of B pays B's price, the member of A pays A's.
    expect((await buy(SITE_B, onB.token, { packageId: cheapest.id })).payAmountFen).toBe(9900);
    expect((await buy(SITE_B, onA.token, { packageId: cheapest.id })).payAmountFen).toBe(cheapest.priceFen);
    // A member of B buying through host A still pays B's prices; custom amounts too.
    const custom = await buy('novaproxy.com', onB.token, { trafficGb: 60 });
    expect(custom.payAmountFen).toBe(60 * 2250);
    expect((await buy('novaproxy.com', onA.token, { trafficGb: 60 })).payAmountFen).toBe(60 * 2500);
    const [order] = await t.app.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, custom.id));
    expect(order?.siteId).toBe(siteB);

    // Logged in, the catalogue shows the member's own site prices on any host: what they will pay.
    expect(await packageOf('novaproxy.com', cheapest.id, onB.token)).toMatchObject({ priceFen: 9900 });
    expect(await packageOf(SITE_B, cheapest.id, onA.token)).toMatchObject({ priceFen: cheapest.priceFen });

    // Static IPs: priced per IP at the buyer's site, recorded.
    expect(await ops('site', 'price', SITE_B, 'static', '1', '30', '11')).toBe(0);
    const { regionId } = await addRegion(t.app.db, { resourceType: 1, cityEn: 'Substation City', nodes: 5 });
    const staticOrder = async (host: string, token: string) => {
      const res = await post(
        '/app-api/ip/static-order/create',
        { resourceType: 1, regionId, count: 2, durationDays: 30 },
        host,
        token,
      );
      expect(res.json().code).toBe(0);
      return res.json().data as { id: number; amountFen: number };
    };
    const bStatic = await staticOrder('novaproxy.com', onB.token);
    expect(bStatic.amountFen).toBe(2 * 1100);
    expect((await staticOrder(SITE_B, onA.token)).amountFen).toBe(2 * 1500);
    const [recorded] = await t.app.db.select().from(staticOrders).where(eq(staticOrders.id, bStatic.id));
    expect(recorded?.siteId).toBe(siteB);
    expect(await ops('site', 'price', SITE_B, 'static', '1', '30', 'default')).toBe(0);
  });

  it('50 orders at once by members of two sites are each charged their own site price', async () => {
    const [cheapest] = await listPackages(t.app.db, siteA);
    if (!cheapest) throw new Error('seeded catalogue is empty');
    const a = await registerOn('novaproxy.com');
    const b = await registerOn(SITE_B);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/app-api/ip/recharge-order/create',
          { packageId: cheapest.id, accountType: 0, source: 'pc' },
          i % 3 === 0 ? SITE_B : 'novaproxy.com',
          i % 2 === 0 ? a.token : b.token,
        ),
      ),
    );
    results.forEach((res, i) => {
      expect(res.json().data.payAmountFen).toBe(i % 2 === 0 ? cheapest.priceFen : 9900);
    });
  });

  it('an override change reaches the cached catalogue at once', async () => {
    const [cheapest] = await listPackages(t.app.db, siteA);
    if (!cheapest) throw new Error('seeded catalogue is empty');
    expect((await packageOf(SITE_B, cheapest.id))?.priceFen).toBe(9900); // now cached
    expect(await ops('site', 'price', SITE_B, 'package', String(cheapest.id), '88.8')).toBe(0);
    expect((await packageOf(SITE_B, cheapest.id))?.priceFen).toBe(8880);
    expect(await ops('site', 'price', SITE_B, 'package', String(cheapest.id), 'default')).toBe(0);
    expect((await packageOf(SITE_B, cheapest.id))?.priceFen).toBe(cheapest.priceFen);
    expect(await ops('site', 'price', SITE_B, 'package', String(cheapest.id), '99')).toBe(0);
  });

  it('the site brand follows the host', async () => {
    expect((await get('/app-api/ip/website/get', SITE_B)).json().data).toMatchObject({
      name: { en: 'Bee Proxy', 'zh-CN': '蜜蜂代理' },
    });
    expect((await get('/app-api/ip/website/get', 'B.Example.com')).json().data.domain).toBe(SITE_B);
    expect((await get('/app-api/ip/website/get', 'elsewhere.example.org')).json().data.name.en).toBe('NovaProxy');
  });
});

describe('migration 0019', () => {
  it('gives members and orders from before substations the default site', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../../../drizzle/0019_substation_prices.sql', import.meta.url), 'utf8');
    // The backfill: the default site if missing, the updates, then NOT NULL.
    const backfill = text
      .split('--> statement-breakpoint')
      .filter((s) => /INSERT INTO "site_settings"|^UPDATE|SET NOT NULL/m.test(s));
    expect(backfill).toHaveLength(7);
    const member = await registerOn(SITE_B);
    const order = await post(
      '/app-api/ip/recharge-order/create',
      { trafficGb: 5, accountType: 0, source: 'pc' },
      SITE_B,
      member.token,
    );
    const orderId = order.json().data.id as number;
    // As before the migration: no site anywhere.
    for (const table of ['member_users', 'recharge_orders', 'static_orders'])
      await t.app.db.execute(sql.raw(`alter table "${table}" alter column "site_id" drop not null`));
    await t.app.db.execute(sql`update member_users set site_id = null where id = ${member.id}`);
    await t.app.db.execute(sql`update recharge_orders set site_id = null where id = ${orderId}`);
    for (const statement of backfill) await t.app.db.execute(sql.raw(statement));
    const [user] = await t.app.db.select().from(memberUsers).where(eq(memberUsers.id, member.id));
    const [row] = await t.app.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, orderId));
    expect([user?.siteId, row?.siteId]).toEqual([siteA, siteA]);
    // NOT NULL again.
    await expect(t.app.db.execute(sql`update member_users set site_id = null where id = ${member.id}`)).rejects.toThrow();
  });
});
