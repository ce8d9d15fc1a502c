import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runOps } from '../cli/ops.ts';
import { openDatabase } from '../db/client.ts';
import { listPackages, savePackage } from '../modules/catalogue/service.ts';
import { removeRedirect, setRedirect } from '../modules/redirects/service.ts';
import { setPackageOverride } from '../modules/catalogue/site-prices.ts';
import { addSite, defaultSiteId } from '../modules/system/service.ts';
import { siteSettings } from '../modules/system/tables.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase } from '../test/db.ts';
import { CACHE_MAX_STALE_MS } from './cache.ts';

const INDEX = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
const HTML = 'text/html,*/*;q=0.8';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ remotes: true });
  await mkdir(t.config.shellDist, { recursive: true });
  await writeFile(join(t.config.shellDist, 'index.html'), INDEX);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const page = (url: string) => t.app.inject({ url, headers: { accept: HTML } });
const titleOf = async (url: string) => /<title>([^<]*)<\/title>/.exec((await page(url)).body)?.[1];
const setSiteName = (en: string) =>
  t.database.db
    .update(siteSettings)
    .set({ name: { en, 'zh-CN': `${en} 中文` } })
    .where(eq(siteSettings.isDefault, true));

/** Every statement the database driver is sent (pg Pool and PGlite both take them through query()). */
const spyOnQueries = () => vi.spyOn((t.database.db as unknown as { $client: { query: () => unknown } }).$client, 'query');

describe('page answers from memory', () => {
  it('send no query to the database once warm (redirect rules and site settings held in memory)', async () => {
    await page('/en/buy');
    await page('/');
    const queries = spyOnQueries();
    for (let i = 0; i < 10; i++) {
      expect((await page('/en/buy')).statusCode).toBe(200);
      expect((await page('/')).statusCode).toBe(200);
    }
    expect(queries).not.toHaveBeenCalled();
  });
});

describe('invalidation', () => {
  it('a redirect set or removed through the service applies to the very next page answer', async () => {
    expect((await page('/en/autumn-sale')).statusCode).toBe(404);
    await setRedirect(t.database.db, { path: '/autumn-sale', target: '/buy' });
    const moved = await page('/en/autumn-sale');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/en/buy');
    await setRedirect(t.database.db, { path: '/autumn-sale', target: '/service' });
    expect((await page('/autumn-sale')).headers.location).toBe('/service');
    await removeRedirect(t.database.db, '/autumn-sale');
    expect((await page('/en/autumn-sale')).statusCode).toBe(404);
  });

  it('a redirect set by an ops command run by the server (ops socket) applies at once', async () => {
    expect((await page('/winter')).statusCode).toBe(404);
    const out: string[] = [];
    const code = await runOps(['redirect', 'set', '/winter', '/buy'], {
      db: async () => t.app.db,
      config: t.config,
      io: { out: (line) => out.push(line), err: (line) => out.push(line) },
    });
    expect(code, out.join('\n')).toBe(0);
    expect((await page('/winter')).headers.location).toBe('/buy');
    expect((await t.app.inject({ url: '/app-api/system/redirect?path=/winter' })).json().data.target).toBe('/buy');
  });

  it('a change of the site settings made outside the services (SQL) shows on the next answers', async () => {
    expect(await titleOf('/en/buy')).toMatch(/ - NovaProxy$/);
    await setSiteName('Nova Renamed');
    try {
      // PGlite notifies in-process before the update returns; PostgreSQL's NOTIFY takes a moment.
      await expect.poll(() => titleOf('/en/buy'), { timeout: 2000, interval: 20 }).toMatch(/ - Nova Renamed$/);
      expect((await t.app.inject({ url: '/app-api/ip/website/get' })).json().data.name.en).toBe('Nova Renamed');
    } finally {
      await setSiteName('NovaProxy');
    }
    await expect.poll(() => titleOf('/en/buy'), { timeout: 2000, interval: 20 }).toMatch(/ - NovaProxy$/);
  });

  it('a price change clears the catalogue at once', async () => {
    const site = await defaultSiteId(t.app.db);
    const [first] = await listPackages(t.app.db, site);
    if (!first) throw new Error('seeded catalogue is empty');
    const { id, ...input } = first;
    await savePackage(t.app.db, { ...input, priceFen: first.priceFen + 1, onSale: true }, id);
    expect((await listPackages(t.app.db, site)).find((p) => p.id === id)?.priceFen).toBe(first.priceFen + 1);
    await savePackage(t.app.db, { ...input, onSale: true }, id);
  });
});

describe('when notifications are lost', () => {
  it('a change shows after the TTL at the latest', async () => {
    // An instance whose LISTEN connection is down: it hears of no change.
    const database = await createTestDatabase();
    const deaf = await createTestApp({ remotes: true, database: { ...database, listen: async () => async () => {} } });
    try {
      await mkdir(deaf.config.shellDist, { recursive: true });
      await writeFile(join(deaf.config.shellDist, 'index.html'), INDEX);
      const title = async () =>
        /<title>([^<]*)<\/title>/.exec((await deaf.app.inject({ url: '/en/buy', headers: { accept: HTML } })).body)?.[1];
      // A clock that stands still unless moved: the machine's speed does not decide what expired.
      vi.useFakeTimers({ toFake: ['Date'] });
      expect(await title()).toMatch(/ - NovaProxy$/);
      await database.db.update(siteSettings).set({ name: { en: 'Nova Quiet', 'zh-CN': '静' } });
      vi.setSystemTime(Date.now() + CACHE_MAX_STALE_MS - 1);
      expect(await title()).toMatch(/ - NovaProxy$/);
      vi.setSystemTime(Date.now() + 1);
      expect(await title()).toMatch(/ - Nova Quiet$/);
    } finally {
      vi.useRealTimers();
      await deaf.close();
      await database.destroy();
    }
  });
});

describe('another process on the same PostgreSQL database', () => {
  it('its substation price overrides reach this instance through NOTIFY, well before the TTL', async (ctx) => {
    const url = t.database.url;
    if (!url) return ctx.skip(); // PGlite: one process per data folder (ops go through the server)
    const siteId = await addSite(t.app.db, {
      domain: 'notify.example.com',
      name: { en: 'Notify', 'zh-CN': '通知' },
      logoUrl: '/logo.svg',
      serviceHours: { en: '24/7', 'zh-CN': '全天' },
      contacts: [],
      icp: null,
    });
    const price = async () =>
      (
        await t.app.inject({ url: '/app-api/ip/traffic-combo-product-price/list', headers: { host: 'notify.example.com' } })
      ).json().data[0].priceFen as number;
    const [first] = await listPackages(t.app.db, siteId);
    if (!first) throw new Error('seeded catalogue is empty');
    expect(await price()).toBe(first.priceFen); // cached now
    const other = await openDatabase({ kind: 'postgres', url });
    try {
      const started = Date.now();
      // As `npm run ops -- site price … package` does with DATABASE_URL: another process.
      await setPackageOverride(other.db, siteId, first.id, { priceFen: 1, originalPriceFen: null });
      await expect.poll(price, { timeout: 2000, interval: 10 }).toBe(1);
      expect(Date.now() - started).toBeLessThan(CACHE_MAX_STALE_MS);
      await setPackageOverride(other.db, siteId, first.id, null);
      await expect.poll(price, { timeout: 2000, interval: 10 }).toBe(first.priceFen);
    } finally {
      await other.close();
    }
  });

  it('its changes reach this instance through NOTIFY, well before the TTL', async (ctx) => {
    const url = t.database.url;
    if (!url) return ctx.skip(); // PGlite: one process per data folder (ops go through the server)
    const other = await openDatabase({ kind: 'postgres', url });
    try {
      expect((await page('/en/from-cli')).statusCode).toBe(404);
      const started = Date.now();
      // As `npm run ops -- redirect set` does with DATABASE_URL: its own connection, its own process.
      await setRedirect(other.db, { path: '/from-cli', target: '/buy' });
      await expect
        .poll(async () => (await page('/en/from-cli')).headers.location, { timeout: 2000, interval: 10 })
        .toBe('/en/buy');
      expect(Date.now() - started).toBeLessThan(CACHE_MAX_STALE_MS);
      await removeRedirect(other.db, '/from-cli');
      await expect.poll(async () => (await page('/en/from-cli')).statusCode, { timeout: 2000, interval: 10 }).toBe(404);
    } finally {
      await other.close();
    }
  });
});
