import { StatusErrorCode } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpsContext, runOps } from '../../cli/ops.ts';
import { loadConfig } from '../../config/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { outboxMessages } from '../messaging/tables.ts';
import { sendDueNotifications } from './notifications.ts';
import { SUBSCRIBE_EMAIL_QUOTA, SUBSCRIBE_IP_QUOTA } from './service.ts';
import { statusComponents, statusNotifications, statusSubscribers } from './tables.ts';

const KEY = 'pnk_status_test_key_0123456789';
const BASE = 'https://portal.example';
let database: TestDatabase;
let t: TestApp;
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database, env: { PROXY_NETWORK_API_KEY: KEY, PUBLIC_BASE_URL: BASE } });
});
afterAll(async () => {
  await t.close();
  await database.destroy();
});

const report = (payload: unknown, key: string | null = KEY, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/app-api/proxy-network/status',
    payload: payload as object,
    headers: { 'accept-language': lang, ...(key !== null && { 'x-api-key': key }) },
  });
const read = async (lang = 'en') =>
  (await t.app.inject({ method: 'GET', url: '/app-api/status', headers: { 'accept-language': lang } })).json().data;
const post = (
  url: string,
  payload: unknown,
  { lang = 'en', ip = nextIp(), host }: { lang?: string; ip?: string; host?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: ip,
    headers: { 'accept-language': lang, ...(host && { host }) },
  });
const subscribe = (email: string, opts?: Parameters<typeof post>[2]) => post('/app-api/status/subscribe', { email }, opts);
const mailsTo = (to: string) => database.db.select().from(outboxMessages).where(eq(outboxMessages.to, to));

const out: string[] = [];
const err: string[] = [];
const ctx = (): OpsContext => ({
  db: async () => database.db,
  config: loadConfig({}),
  io: { out: (l) => out.push(l), err: (l) => err.push(l) },
});
const ops = async (...argv: string[]) => {
  out.length = 0;
  err.length = 0;
  return runOps(argv, ctx());
};

describe('network status: the proxy network reports component states', () => {
  it('before any report the page says so: no components, no incidents', async () => {
    expect(await read()).toEqual({ components: [], ongoing: [], resolved: [] });
  });

  it('the public read may be cached briefly, per language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-api/status', headers: { 'accept-language': 'en' } });
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
  });

  it.each([
    ['no key', null],
    ['a wrong key', 'pnk_wrong'],
  ])('refuses a report with %s (403) and stores nothing', async (_, key) => {
    const res = await report({ components: [{ product: 'staticIsp', region: 'US', state: 'outage' }] }, key);
    expect(res.statusCode).toBe(403);
    expect(await database.db.select().from(statusComponents)).toEqual([]);
  });

  it('upserts a batch; a newer report replaces a state, an older one is ignored', async () => {
    const t0 = Date.UTC(2026, 10, 1, 8, 0);
    let res = await report({
      reportedAt: t0,
      components: [
        { product: 'dynamicResidential', region: 'global', state: 'operational' },
        { product: 'staticIsp', region: 'US', state: 'degraded' },
        { product: 'staticIsp', region: 'US', state: 'outage' },
      ],
    });
    expect(res.json()).toEqual({ code: 0, data: { applied: 2, stale: 0 }, msg: '' });
    res = await report({ reportedAt: t0 + 60_000, components: [{ product: 'staticIsp', region: 'US', state: 'operational' }] });
    expect(res.json().data).toEqual({ applied: 1, stale: 0 });
    res = await report({ reportedAt: t0 - 60_000, components: [{ product: 'staticIsp', region: 'US', state: 'outage' }] });
    expect(res.json().data).toEqual({ applied: 0, stale: 1 });
    const { components } = await read();
    expect(components).toEqual([
      { product: 'dynamicResidential', region: 'global', state: 'operational', reportedAt: t0 },
      { product: 'staticIsp', region: 'US', state: 'operational', reportedAt: t0 + 60_000 },
    ]);
  });

  it('50 parallel reports over the same components all answer and leave the newest', async () => {
    const t0 = Date.UTC(2026, 10, 2);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        report({
          reportedAt: t0 + i,
          components: [
            { product: 'datacenter', region: 'DE', state: i === 49 ? 'maintenance' : 'operational' },
            { product: 'datacenter', region: 'global', state: 'operational' },
          ],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const [row] = await database.db.select().from(statusComponents).where(eq(statusComponents.region, 'DE'));
    expect(row).toMatchObject({ state: 'maintenance', reportedAt: new Date(t0 + 49) });
  });

  it.each([
    ['en', { product: 'vpn', region: 'US', state: 'operational' }, 'Unknown product'],
    ['zh-CN', { product: 'staticIsp', region: 'usa', state: 'operational' }, '地区须为全局或两位大写国家代码'],
    ['en', { product: 'staticIsp', region: 'US', state: 'down' }, 'State must be operational, degraded, outage or maintenance'],
  ])('refuses bad input with a localized 400 (%s)', async (lang, component, message) => {
    const res = await report({ components: [component] }, KEY, lang);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});

describe('network status: incidents by ops, mails to confirmed subscribers', () => {
  let confirmToken = '';

  it('subscribing sends a confirmation link on the configured origin, in the page language (double opt-in)', async () => {
    const res = await subscribe(' Ops.Watcher@Example.com ', { lang: 'zh-CN', host: 'evil.example' });
    expect(res.json()).toEqual({ code: 0, data: { to: 'o***@example.com' }, msg: '' });
    const [mail] = await mailsTo('ops.watcher@example.com');
    expect(mail?.subject).toContain('请确认订阅网络状态通知');
    const link = /https?:\/\/\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(link.startsWith(`${BASE}/status?confirm=`)).toBe(true);
    expect(mail?.body).not.toContain('evil.example');
    confirmToken = new URL(link).searchParams.get('confirm') ?? '';
    const [row] = await database.db
      .select()
      .from(statusSubscribers)
      .where(eq(statusSubscribers.email, 'ops.watcher@example.com'));
    expect(row?.status).toBe('pending');
  });

  it('an unconfirmed address gets no incident mail; a confirmed one does, with an unsubscribe link', async () => {
    expect(
      await ops(
        'status',
        'open',
        '--title-en',
        'Slow US static ISP',
        '--title-zh',
        '美国静态 ISP 变慢',
        '--body-en',
        'We are looking into it.',
        '--body-zh',
        '我们正在调查。',
        '--severity',
        'major',
        '--component',
        'staticIsp:US',
      ),
    ).toBe(0);
    expect(out[0]).toMatch(/^opened: \d+ Slow US static ISP \(major, investigating\); mails queued: 0$/);
    const id = Number(/opened: (\d+)/.exec(out[0] ?? '')?.[1]);

    const confirmed = await post('/app-api/status/subscription/confirm', { token: confirmToken });
    expect(confirmed.json().data).toEqual({ to: 'o***@example.com' });
    const again = await post('/app-api/status/subscription/confirm', { token: confirmToken }, { lang: 'zh-CN' });
    expect(again.json()).toMatchObject({
      code: StatusErrorCode.LinkInvalid,
      msg: '该链接已过期或已被使用，请在状态页面重新订阅',
    });

    expect(
      await ops(
        'status',
        'update',
        String(id),
        '--state',
        'identified',
        '--body-en',
        'A carrier link failed.',
        '--body-zh',
        '一条运营商线路故障。',
      ),
    ).toBe(0);
    expect(out[0]).toContain('mails queued: 1');
    expect(await sendDueNotifications(t.app)).toBe(1);
    const mails = await mailsTo('ops.watcher@example.com');
    const update = mails.at(-1);
    expect(update?.subject).toBe('诺瓦代理网络状态：美国静态 ISP 变慢（已查明原因）');
    expect(update?.body).toContain('一条运营商线路故障。');
    expect(update?.body).toContain(`${BASE}/status`);
    const unsubscribeLink = /https?:\/\/\S+unsubscribe=\S+/.exec(update?.body ?? '')?.[0] ?? '';
    expect(unsubscribeLink.startsWith(`${BASE}/status?unsubscribe=`)).toBe(true);

    // The page: ongoing on top with its updates, newest first, in the caller's language.
    const page = await read('en');
    expect(page.ongoing).toEqual([
      expect.objectContaining({
        id,
        title: 'Slow US static ISP',
        severity: 'major',
        state: 'identified',
        components: ['staticIsp:US'],
        resolvedAt: null,
        updates: [
          expect.objectContaining({ state: 'identified', body: 'A carrier link failed.' }),
          expect.objectContaining({ state: 'investigating', body: 'We are looking into it.' }),
        ],
      }),
    ]);
    expect((await read('zh-CN')).ongoing[0].title).toBe('美国静态 ISP 变慢');

    expect(await ops('status', 'resolve', String(id), '--body-en', 'Fixed.', '--body-zh', '已修复。')).toBe(0);
    expect(await ops('status', 'resolve', String(id), '--body-en', 'Fixed.', '--body-zh', '已修复。')).toBe(1);
    expect(err[0]).toBe(`ops: incident ${id} is already resolved`);
    const after = await read('en');
    expect(after.ongoing).toEqual([]);
    expect(after.resolved[0]).toMatchObject({ id, state: 'resolved', resolvedAt: expect.any(Number) });
    expect(await ops('status', 'list')).toBe(0);
    expect(out[0]).toBe('(no open incidents)');
    expect(out[1]).toBe('subscribers: 1 confirmed, 0 waiting for confirmation');

    // Unsubscribe: the row and its queued mails go; the link works once.
    const token = new URL(unsubscribeLink).searchParams.get('unsubscribe') ?? '';
    expect((await post('/app-api/status/subscription/unsubscribe', { token })).json().data).toEqual({ to: 'o***@example.com' });
    expect((await post('/app-api/status/subscription/unsubscribe', { token })).json().code).toBe(StatusErrorCode.LinkInvalid);
    expect(
      await database.db.select().from(statusSubscribers).where(eq(statusSubscribers.email, 'ops.watcher@example.com')),
    ).toEqual([]);
    expect(await database.db.select().from(statusNotifications)).toEqual([]);
  });

  it('ops refuses bad usage without touching the incidents', async () => {
    expect(await ops('status', 'open', '--title-en', 'x', '--title-zh', 'x', '--body-en', 'x')).toBe(2);
    expect(
      await ops(
        'status',
        'open',
        '--title-en',
        'x',
        '--title-zh',
        'x',
        '--body-en',
        'x',
        '--body-zh',
        'x',
        '--component',
        'vpn:US',
      ),
    ).toBe(2);
    expect(await ops('status', 'update', '999999', '--state', 'monitoring', '--body-en', 'x', '--body-zh', 'x')).toBe(1);
    expect(err.at(-1)).toBe('ops: no incident 999999');
  });
});

describe('network status: subscription limits and bad input', () => {
  it(`50 requests at once from one address: exactly ${SUBSCRIBE_IP_QUOTA.limit} accepted, the rest told when to retry`, async () => {
    const ip = '203.0.113.50';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => subscribe(`race${i}@example.com`, { ip }).then((r) => r.json())),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(SUBSCRIBE_IP_QUOTA.limit);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused.every((a) => a.code === StatusErrorCode.TooManyRequests && /try again in \d+ minutes/.test(a.msg))).toBe(true);
    expect(await database.db.select().from(statusSubscribers)).toHaveLength(SUBSCRIBE_IP_QUOTA.limit);
  });

  it(`50 requests at once for one e-mail from many addresses: ${SUBSCRIBE_EMAIL_QUOTA.limit} confirmation mails at most`, async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => subscribe('target@example.com', { lang: 'zh-CN' })));
    expect(answers.filter((a) => a.json().code === 0)).toHaveLength(SUBSCRIBE_EMAIL_QUOTA.limit);
    expect(answers.find((a) => a.json().code !== 0)?.json().msg).toMatch(/^订阅请求过于频繁/);
    expect(await mailsTo('target@example.com')).toHaveLength(SUBSCRIBE_EMAIL_QUOTA.limit);
  });

  it.each([
    ['en', 'Enter a valid e-mail address'],
    ['zh-CN', '请输入正确的邮箱地址'],
  ])('a bad e-mail or link token is a localized 400 (%s)', async (lang, message) => {
    const bad = await subscribe('not-an-address', { lang });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ email: message });
    const token = await post('/app-api/status/subscription/confirm', { token: 'short' }, { lang });
    expect(token.statusCode).toBe(400);
  });
});
