import type { LoginResult } from '@portal/shared';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config/index.ts';
import { openDatabase } from '../db/client.ts';
import { login } from '../modules/accounts/service.ts';
import { findUserById } from '../modules/accounts/users.ts';
import { getCustomRule, getPackage, listPackages } from '../modules/catalogue/service.ts';
import { blogPosts, helpDocs } from '../modules/content/tables.ts';
import { findRedirect } from '../modules/redirects/service.ts';
import { stockSummary } from '../modules/static-ip/inventory.ts';
import { staticNodes } from '../modules/static-ip/tables.ts';
import { defaultSiteId } from '../modules/system/service.ts';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { type OpsContext, runOps, withAbsoluteFiles } from './ops.ts';

let database: TestDatabase;
let opened: number;
let out: string[];
let err: string[];
const ctx: OpsContext = {
  db: async () => {
    opened += 1;
    return database.db;
  },
  config: loadConfig({}),
  io: { out: (l) => out.push(l), err: (l) => err.push(l) },
};
const run = (...argv: string[]) => runOps(argv, ctx);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(() => {
  out = [];
  err = [];
  opened = 0;
});

describe('ops CLI: usage', () => {
  it('prints usage for --help and exits 2 without a command, without opening the database', async () => {
    expect(await run('--help')).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: ops <command>/);
    expect(out.join('\n')).toMatch(/redirect set <path> <target> \[--note <text>\]/);
    expect(out.join('\n')).toMatch(/user create --mobile <m> --password <p>/);
    expect(out.join('\n')).toMatch(/stock import <csv file> \[--dry-run\]/);
    expect(out.join('\n')).toMatch(/stock list/);
    expect(out.join('\n')).toMatch(/blog publish <file-or-dir>\.\.\./);
    expect(out.join('\n')).toMatch(/blog unpublish <slug>/);
    expect(out.join('\n')).toMatch(/help publish <file-or-dir>\.\.\./);
    out = [];
    expect(await run('help')).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: ops <command>/);
    expect(await run()).toBe(2);
    expect(err.join('\n')).toMatch(/Usage/);
    expect(opened).toBe(0);
  });

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['redirect'], /missing redirect command/],
    [['redirect', 'move'], /unknown redirect command "move"/],
    [['redirect', 'list', 'extra'], /unexpected argument "extra"/],
    [['redirect', 'set', '/a'], /missing <target>/],
    [['redirect', 'set', '/a', '/b', '/c'], /unexpected argument "\/c"/],
    [['redirect', 'set', '/a', '/b', '--colour', 'red'], /Unknown option '--colour'/],
    [['redirect', 'set', 'a', '/b'], /path "a": Must be a path starting with \//],
    [['redirect', 'set', '/en/a', '/b'], /without locale prefix \(\/a\)/],
    [['redirect', 'set', '/a', 'buy'], /target "buy": Must be a path starting with \/ or an http\(s\) URL/],
    [['redirect', 'set', '/a', '//evil.example.com'], /target "\/\/evil\.example\.com"/],
    [['redirect', 'set', '/a', 'javascript:alert(1)'], /target "javascript:alert\(1\)"/],
    [['redirect', 'set', '/a', 'ftp://files.example.com'], /target "ftp:/],
    [['redirect', 'set', '/a', '/en/a?x=1'], /is the page itself/],
    [['redirect', 'remove'], /missing <path>/],
    [['user'], /missing user command/],
    [['user', 'delete'], /unknown user command "delete"/],
    [['user', 'create', '--password', 'Secret@123'], /missing --mobile/],
    [['user', 'create', '--mobile', '13955556666'], /missing --password/],
    [
      ['user', 'create', '--mobile', '12345', '--password', 'Secret@123'],
      /--mobile: expected a mobile number: 11 digits for the mainland/,
    ],
    [['user', 'create', '--mobile', '13955556666', '--password', 'short'], /--password: expected 8 to 128/],
    [['user', 'create', '--mobile', '13955556666', '--password', 'Secret@123', '--balance', '1.5'], /--balance "1\.5"/],
    [['stock'], /missing stock command/],
    [['stock', 'move'], /unknown stock command "move"/],
    [['stock', 'import'], /missing <csv file>/],
    [['stock', 'import', 'a.csv', 'b.csv'], /unexpected argument "b\.csv"/],
    [['stock', 'list', '--all'], /Unknown option '--all'/],
    [['blog'], /missing blog command/],
    [['blog', 'move'], /unknown blog command "move"/],
    [['blog', 'publish'], /missing <file-or-dir>/],
    [['blog', 'list', 'x'], /unexpected argument "x"/],
    [['blog', 'unpublish'], /missing <slug>/],
    [['blog', 'unpublish', 'Bad_Slug'], /<slug> "Bad_Slug": expected lower-case words/],
    [['help', 'publish'], /missing <file-or-dir>/],
    [['help', 'move'], /unknown help command "move"/],
  ])('exits 2 on %j with a clear message and changes nothing', async (argv, message) => {
    expect(await run(...argv)).toBe(2);
    expect(err.join('\n')).toMatch(message);
    expect(err.join('\n')).toMatch(/Usage: ops/);
    expect(out).toEqual([]);
    expect(await findRedirect(database.db, '/a')).toBeNull();
  });
});

describe('ops CLI: price', () => {
  it('lists, changes, adds and withdraws packages', async () => {
    expect(await run('price', 'list')).toBe(0);
    expect(out.some((l) => /^\d+\t5 GB\t\+0 GB\t¥125\.00 \(¥150\.00\)\t30 days\tstarter\ton sale$/.test(l))).toBe(true);
    const site = await defaultSiteId(database.db);
    const [first] = await listPackages(database.db, site);
    out = [];
    expect(await run('price', 'set', String(first?.id), '--price', '99.9', '--original', '150')).toBe(0);
    expect(await getPackage(database.db, first?.id as number, site)).toMatchObject({
      priceFen: 9990,
      originalPriceFen: 15_000,
      trafficMb: 5120,
    });
    out = [];
    expect(await run('price', 'set', 'new', '--traffic-gb', '2', '--price', '39', '--days', '7', '--tags', 'starter')).toBe(0);
    const id = Number(out[0]);
    expect(await getPackage(database.db, id, site)).toMatchObject({
      trafficMb: 2048,
      priceFen: 3900,
      originalPriceFen: 3900,
      tags: ['starter'],
    });
    expect(await run('price', 'set', String(id), '--off-sale')).toBe(0);
    expect((await listPackages(database.db, site)).some((p) => p.id === id)).toBe(false);
    expect(await run('price', 'set', 'new', '--price', '1')).toBe(2);
    expect(await run('price', 'set', String(first?.id), '--price', '-3')).toBe(2);
    expect(await run('price', 'set', String(first?.id), '--tags', 'cheap')).toBe(2);
    expect(await run('price', 'set', '999999', '--price', '3')).toBe(1);
  });

  it('sets the custom-traffic tiers', async () => {
    expect(await run('price', 'tiers', '100:20,1:28.5', '--max', '5000')).toBe(0);
    expect(await getCustomRule(database.db)).toMatchObject({
      tiers: [
        { minGb: 1, unitPriceFen: 2850 },
        { minGb: 100, unitPriceFen: 2000 },
      ],
      minGb: 1,
      maxGb: 5000,
    });
    expect(await run('price', 'tiers', '10:20')).toBe(2);
    expect(await run('price', 'tiers', 'x')).toBe(2);
  });
});

describe('ops CLI: stock', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-stock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const HEADER = 'resourceType,countryCode,countryEn,countryZh,cityEn,cityZh,host,port,outIp,protocols';
  const csv = async (name: string, lines: string[]) => {
    const file = join(dir, name);
    // As a spreadsheet saves it: byte order mark and CRLF.
    await writeFile(file, `\uFEFF${lines.join('\r\n')}\r\n`);
    return file;
  };
  const nodes = async () => (await database.db.select().from(staticNodes)).length;

  it('imports a file (dry run first), creating regions on first use and skipping duplicates', async () => {
    const file = await csv('stock.csv', [
      HEADER,
      '1,us,United States,美国,Los Angeles,洛杉矶,198.51.100.10,8001,203.0.113.10,http|https|socks5',
      '1,US,United States,美国,Los Angeles,洛杉矶,198.51.100.11,8001,203.0.113.11,socks5',
      '',
      '2,KR,"Korea, Republic of",韩国,Seoul,首尔,198.51.100.12,8002,2001:db8::12,http',
      '12,CN,China,中国,Beijing,北京,proxy-bj.example.net,9000,192.0.2.12,http|socks5',
      '12,CN,China,中国,Beijing,北京,PROXY-BJ.example.net,9000,192.0.2.13,http',
    ]);
    expect(await run('stock', 'import', file, '--dry-run')).toBe(0);
    expect(out).toEqual(['dry run (nothing saved): would import 4 IP(s) of 5 line(s), 1 duplicate(s) skipped, 3 new region(s)']);
    expect(await nodes()).toBe(0);
    expect(await stockSummary(database.db)).toEqual([]);

    out = [];
    expect(await run('stock', 'import', file)).toBe(0);
    expect(out).toEqual(['imported 4 IP(s) of 5 line(s), 1 duplicate(s) skipped, 3 new region(s)']);
    expect(await nodes()).toBe(4);
    const seoul = (await stockSummary(database.db)).find((r) => r.cityEn === 'Seoul');
    expect(seoul).toMatchObject({ resourceType: 2, countryCode: 'KR', countryEn: 'Korea, Republic of', available: 1 });

    out = [];
    expect(await run('stock', 'import', file)).toBe(0);
    expect(out).toEqual(['imported 0 IP(s) of 5 line(s), 5 duplicate(s) skipped, 0 new region(s)']);
    expect(await nodes()).toBe(4);
  });

  it('reports every bad line with its number and imports nothing', async () => {
    const file = await csv('bad.csv', [
      HEADER,
      '1,US,United States,美国,Los Angeles,洛杉矶,198.51.100.20,8001,203.0.113.20,http',
      '4,US,United States,美国,Los Angeles,洛杉矶,198.51.100.21,70000,203.0.113.21,http',
      '1,USA,United States,美国,Los Angeles,洛杉矶,198.51.100.22,8001,not-an-ip,ftp',
      '1,US,United States,美国,Los Angeles,洛杉矶,198.51.100.23,8001',
    ]);
    expect(await run('stock', 'import', file)).toBe(1);
    expect(err).toEqual([
      'ops: line 3: resourceType "4" is not 1, 2, 3 or 12; port "70000" is not 1 to 65535',
      'ops: line 4: countryCode "USA" is not a two-letter ISO code; outIp "not-an-ip" is not an IP address; protocols "ftp" must be http, https, socks5 joined by |',
      'ops: line 5: expected 10 fields, found 8',
      `ops: 3 bad line(s) in ${file}: nothing imported`,
    ]);
    expect(out).toEqual([]);
    expect(await nodes()).toBe(4);

    err = [];
    const header = await csv('header.csv', ['resourceType,countryCode,host,port', '1,US,198.51.100.30,8001']);
    expect(await run('stock', 'import', header)).toBe(1);
    expect(err[0]).toMatch(/^ops: line 1: header: missing countryEn, countryZh, cityEn, cityZh, outIp, protocols/);
    err = [];
    expect(await run('stock', 'import', join(dir, 'missing.csv'))).toBe(1);
    expect(err[0]).toMatch(/^ops: cannot read .*missing\.csv/);
    expect(await nodes()).toBe(4);
  });

  it('lists available and allocated IPs per type and region', async () => {
    await database.db.update(staticNodes).set({ state: 1 }).where(eq(staticNodes.host, '198.51.100.10'));
    expect(await run('stock', 'list')).toBe(0);
    const regions = await stockSummary(database.db);
    const id = (city: string) => regions.find((r) => r.cityEn === city)?.regionId;
    expect(out).toEqual([
      'type 1 (data centre): 1 available / 1 allocated',
      `  ${id('Los Angeles')}\tUS Los Angeles\t1 available / 1 allocated`,
      'type 2 (static ISP): 1 available / 0 allocated',
      `  ${id('Seoul')}\tKR Seoul\t1 available / 0 allocated`,
      'type 12 (China static ISP): 1 available / 0 allocated',
      `  ${id('Beijing')}\tCN Beijing\t1 available / 0 allocated`,
    ]);
  });

  it('names the CSV file from where the operator typed the command', () => {
    expect(withAbsoluteFiles(['stock', 'import', 'ips.csv', '--dry-run'], '/home/op')).toEqual([
      'stock',
      'import',
      '/home/op/ips.csv',
      '--dry-run',
    ]);
    expect(withAbsoluteFiles(['stock', 'import', '/srv/ips.csv'], '/home/op')).toEqual(['stock', 'import', '/srv/ips.csv']);
    expect(withAbsoluteFiles(['redirect', 'set', 'a', 'b'], '/home/op')).toEqual(['redirect', 'set', 'a', 'b']);
  });
});

describe('ops CLI: redirect', () => {
  it('sets, lists, replaces and removes rules', async () => {
    expect(await run('redirect', 'list')).toBe(0);
    expect(out).toEqual(['(no redirect rules)']);

    out = [];
    expect(await run('redirect', 'set', '/old-buy/', '/en/buy', '--note', 'renamed in 2026')).toBe(0);
    expect(await run('redirect', 'set', '/promo', 'https://campaign.example.com/x?y=1')).toBe(0);
    expect(await run('redirect', 'set', '/old-buy', '/buy')).toBe(0);
    expect(out).toEqual([
      'created: /old-buy -> /en/buy',
      'created: /promo -> https://campaign.example.com/x?y=1',
      'updated: /old-buy -> /buy',
    ]);
    expect(await findRedirect(database.db, '/old-buy')).toBe('/buy');

    out = [];
    expect(await run('redirect', 'list')).toBe(0);
    expect(out).toEqual(['/old-buy -> /buy  (renamed in 2026)', '/promo -> https://campaign.example.com/x?y=1']);

    out = [];
    expect(await run('redirect', 'remove', '/promo')).toBe(0);
    expect(out).toEqual(['removed: /promo']);
    expect(await run('redirect', 'remove', '/promo')).toBe(1);
    expect(err).toEqual(['ops: no redirect rule for /promo']);
    expect(await findRedirect(database.db, '/promo')).toBeNull();
  });
});

describe('ops CLI: user create', () => {
  it('creates a member through the accounts service and prints only its id', async () => {
    expect(
      await run('user', 'create', '--mobile', '13955557777', '--password', 'Secret@123', '--nickname', 'E2E', '--balance', '500'),
    ).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d+$/);
    const user = await findUserById(database.db, Number(out[0]));
    expect(user).toMatchObject({ mobile: '13955557777', nickname: 'E2E', limitBalance: 500 });
    expect(
      (
        (await login(database.db, {
          login: { channel: 'sms', to: '13955557777' },
          password: 'Secret@123',
          ip: '127.0.0.1',
        })) as LoginResult
      ).token,
    ).toBeTruthy();
  });

  it('exits 1 when the mobile has an account already', async () => {
    expect(await run('user', 'create', '--mobile', '13955558888', '--password', 'Secret@123')).toBe(0);
    expect(await run('user', 'create', '--mobile', '13955558888', '--password', 'Other@1234')).toBe(1);
    expect(err).toEqual(['ops: a user with this mobile already exists']);
  });
});

describe('ops CLI: blog and help', () => {
  const FIXTURES = fileURLToPath(new URL('../modules/content/fixtures', import.meta.url));
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-content-ops-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const post = async (slug: string) => (await database.db.select().from(blogPosts).where(eq(blogPosts.slug, slug)))[0];
  const page = () => database.db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.status, 'published'));
  const fixturePost = (name: string) => join(FIXTURES, 'blog', name);

  it('publishes a folder of posts, then reports them unchanged', async () => {
    expect(await run('blog', 'publish', join(FIXTURES, 'blog'))).toBe(0);
    expect(out).toEqual(['fixture-scraping-at-scale\tpublished', 'fixture-socks5-basics\tpublished']);
    expect(await post('fixture-socks5-basics')).toMatchObject({
      status: 'published',
      titleZh: '五分钟了解 SOCKS5 代理',
      tags: ['proxy-basics', 'tutorial'],
      publishedAt: new Date('2026-09-14T00:00:00Z'),
      updatedAt: new Date('2026-09-14T00:00:00Z'),
    });
    out = [];
    // One file of a post names the post: its twin is read too.
    expect(await run('blog', 'publish', join(FIXTURES, 'blog'), fixturePost('fixture-socks5-basics.zh-CN.md'))).toBe(0);
    expect(out).toEqual(['fixture-scraping-at-scale\tunchanged', 'fixture-socks5-basics\tunchanged']);
    expect((await post('fixture-socks5-basics'))?.updatedAt).toEqual(new Date('2026-09-14T00:00:00Z'));
  });

  it('updates a changed post (updatedAt = now) and leaves the others alone', async () => {
    const copy = join(dir, 'changed');
    await cp(join(FIXTURES, 'blog'), copy, { recursive: true });
    const file = join(copy, 'fixture-socks5-basics.en.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('## Set it up', '## Set it up in a minute'));
    const before = Date.now();
    expect(await run('blog', 'publish', copy)).toBe(0);
    expect(out).toEqual(['fixture-scraping-at-scale\tunchanged', 'fixture-socks5-basics\tupdated']);
    const updated = await post('fixture-socks5-basics');
    expect(updated?.updatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(updated?.htmlEn).toContain('<h2 id="set-it-up-in-a-minute">');
    expect((await post('fixture-scraping-at-scale'))?.updatedAt).toEqual(new Date('2026-10-05T00:00:00Z'));
  });

  it('publishes nothing when any file is invalid, naming each file and field', async () => {
    const bad = join(dir, 'bad');
    await cp(join(FIXTURES, 'blog'), bad, { recursive: true });
    const front = (fields: string) => `---\n${fields}\n---\n\nBody.\n`;
    const valid = 'title: T\nsummary: S\ntags: [tutorial]\npublishedAt: 2026-11-01';
    await writeFile(join(bad, 'fixture-new-valid.en.md'), front(valid));
    await writeFile(join(bad, 'fixture-new-valid.zh-CN.md'), front(valid));
    await writeFile(join(bad, 'fixture-lonely.en.md'), front(valid));
    await writeFile(join(bad, 'fixture-bad-tag.en.md'), front(valid.replace('[tutorial]', '[tutorial, crypto]')));
    await writeFile(join(bad, 'fixture-bad-tag.zh-CN.md'), front(valid));
    await writeFile(join(bad, 'Fixture_Bad.en.md'), front(valid));
    await writeFile(join(bad, 'Fixture_Bad.zh-CN.md'), front(valid));
    await writeFile(
      join(bad, 'fixture-fields.en.md'),
      front('title: T\nsummary: S\ntags: [tutorial]\npublishedAt: 2026-02-30\nauthor: me'),
    );
    await writeFile(
      join(bad, 'fixture-fields.zh-CN.md'),
      front(`title: T\nsummary: ${'x'.repeat(201)}\ntags: [tutorial]\npublishedAt: 2026-11-01`),
    );
    const file = join(bad, 'fixture-socks5-basics.zh-CN.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('[proxy-basics, tutorial]', '[proxy-basics]'));
    const rows = await page();

    expect(await run('blog', 'publish', bad)).toBe(1);
    expect(out).toEqual([]);
    const text = err.join('\n');
    expect(text).toContain(
      `ops: ${join(bad, 'Fixture_Bad.en.md')}: file name: "Fixture_Bad" must be lower-case letters and digits`,
    );
    expect(text).toContain(
      `ops: ${join(bad, 'fixture-bad-tag.en.md')}: tags[1]: unknown tag "crypto" (expected one of tutorial,`,
    );
    expect(text).toContain(`ops: ${join(bad, 'fixture-fields.en.md')}: publishedAt: expected an ISO date such as 2026-09-14`);
    expect(text).toContain(`ops: ${join(bad, 'fixture-fields.en.md')}: unknown field "author"`);
    expect(text).toContain(`ops: ${join(bad, 'fixture-fields.zh-CN.md')}: summary: at most 200 characters`);
    expect(text).toContain(
      `ops: ${join(bad, 'fixture-lonely.en.md')}: no Chinese version fixture-lonely.zh-CN.md (a post needs both languages)`,
    );
    expect(text).toContain(
      `ops: ${join(bad, 'fixture-socks5-basics.zh-CN.md')}: tags: [proxy-basics] differ from [proxy-basics, tutorial] of fixture-socks5-basics.en.md`,
    );
    expect(err.at(-1)).toBe('ops: 7 problem(s): nothing published');
    expect(await post('fixture-new-valid')).toBeUndefined();
    expect(await page()).toEqual(rows);

    err = [];
    await writeFile(join(dir, 'notes.txt'), 'x');
    expect(await run('blog', 'publish', join(dir, 'notes.txt'), join(dir, 'missing'))).toBe(1);
    expect(err[0]).toBe(`ops: ${join(dir, 'notes.txt')}: file name: expected <name>.en.md or <name>.zh-CN.md`);
    expect(err[1]).toMatch(/missing: cannot read: ENOENT/);
  });

  it('lists, unpublishes and republishes posts', async () => {
    expect(await run('blog', 'list')).toBe(0);
    expect(out).toContain('fixture-scraping-at-scale\t2026-10-02\t2026-10-05T00:00:00.000Z\tweb-scraping\tpublished');
    out = [];
    expect(await run('blog', 'unpublish', 'fixture-scraping-at-scale')).toBe(0);
    expect(await run('blog', 'unpublish', 'fixture-scraping-at-scale')).toBe(0);
    expect(out).toEqual(['fixture-scraping-at-scale\thidden', 'fixture-scraping-at-scale\talready hidden']);
    expect((await post('fixture-scraping-at-scale'))?.status).toBe('hidden');
    out = [];
    expect(await run('blog', 'list')).toBe(0);
    expect(out).toContain('fixture-scraping-at-scale\t2026-10-02\t2026-10-05T00:00:00.000Z\tweb-scraping\thidden');
    out = [];
    expect(await run('blog', 'publish', fixturePost('fixture-scraping-at-scale.en.md'))).toBe(0);
    expect(out).toEqual(['fixture-scraping-at-scale\tpublished']);
    expect(await post('fixture-scraping-at-scale')).toMatchObject({
      status: 'published',
      updatedAt: new Date('2026-10-05T00:00:00Z'),
    });
    expect(await run('blog', 'unpublish', 'no-such-post')).toBe(1);
    expect(err).toEqual(['ops: no blog post no-such-post']);
  });

  it('publishes and lists help answers by key', async () => {
    expect(await run('help', 'publish', join(FIXTURES, 'help'))).toBe(0);
    expect(await run('help', 'publish', join(FIXTURES, 'help'))).toBe(0);
    expect(out).toEqual(['fixture-pay-by-alipay\tpublished', 'fixture-pay-by-alipay\tunchanged']);
    const [row] = await database.db.select().from(helpDocs).where(eq(helpDocs.key, 'fixture-pay-by-alipay'));
    expect(row).toMatchObject({ category: 'payment', sortOrder: 1, titleEn: 'How do I pay with Alipay?' });
    out = [];
    expect(await run('help', 'list')).toBe(0);
    expect(out).toContain(`${row?.id}\tfixture-pay-by-alipay\tpayment\t1\tHow do I pay with Alipay?`);

    const copy = join(dir, 'help');
    await cp(join(FIXTURES, 'help'), copy, { recursive: true });
    const file = join(copy, 'fixture-pay-by-alipay.zh-CN.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('category: payment', 'category: billing'));
    out = [];
    expect(await run('help', 'publish', copy)).toBe(1);
    expect(err[0]).toBe(
      `ops: ${file}: category: unknown category "billing" (expected one of buying, payment, certification, proxy-usage, static-ip, account)`,
    );
    await writeFile(file, (await readFile(file, 'utf8')).replace('category: billing', 'category: account'));
    err = [];
    expect(await run('help', 'publish', copy)).toBe(1);
    expect(err[0]).toBe(`ops: ${file}: category: "account" differs from "payment" of fixture-pay-by-alipay.en.md`);
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('category: account', 'category: payment').replace('二维码', '付款码'),
    );
    out = [];
    expect(await run('help', 'publish', copy)).toBe(0);
    expect(out).toEqual(['fixture-pay-by-alipay\tupdated']);
  });

  it('names content files from where the operator typed the command', () => {
    expect(withAbsoluteFiles(['blog', 'publish', 'posts', '/srv/a.en.md'], '/home/op')).toEqual([
      'blog',
      'publish',
      '/home/op/posts',
      '/srv/a.en.md',
    ]);
    expect(withAbsoluteFiles(['help', 'publish', 'help'], '/home/op')).toEqual(['help', 'publish', '/home/op/help']);
    expect(withAbsoluteFiles(['blog', 'unpublish', 'a-post'], '/home/op')).toEqual(['blog', 'unpublish', 'a-post']);
  });
});

describe('ops CLI as a script', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-ops-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const script = (...args: string[]) =>
    spawnSync(join(REPO_ROOT, 'server/node_modules/.bin/tsx'), ['server/src/cli/ops.ts', ...args], {
      cwd: REPO_ROOT,
      // An embedded database in a temp folder, whatever the caller's DATABASE_URL is.
      env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
    });

  it('exits 2 on bad usage without creating the database', () => {
    const result = script('redirect', 'set', '/a', 'nope');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/target "nope"/);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('migrates the configured database and runs the command', () => {
    const set = script('redirect', 'set', '/old', '/en/buy');
    expect(set.stderr).toBe('');
    expect(set.status).toBe(0);
    expect(set.stdout).toBe('created: /old -> /en/buy\n');
    const list = script('redirect', 'list');
    expect(list.stdout).toBe('/old -> /en/buy\n');
    // Two CLI processes, each compiling through tsx and opening (the first creating and migrating)
    // an embedded database: 30 s was too little on a loaded 2-core machine.
  }, 90_000);

  it('refuses, exit 1, while another process (the server) has the embedded database open', async () => {
    const server = await openDatabase({ kind: 'pglite', dataDir: join(dir, 'data', 'pglite') });
    try {
      const result = script('redirect', 'set', '/while-running', '/buy');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/in use by process \d+ .*DATABASE_URL/s);
    } finally {
      await server.close();
    }
    expect(script('redirect', 'list').stdout).toBe('/old -> /en/buy\n');
  });
});
