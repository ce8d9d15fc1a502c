import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ResultCode, StaticErrorCode, StaticIpStatus, StaticOrderStatus } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOps } from './cli/ops.ts';
import { runCli } from './cli/remote.ts';
import { type Database, openDatabase } from './db/client.ts';
import { teamMembers } from './modules/accounts/tables.ts';
import { enterpriseCertifications } from './modules/certification/tables.ts';
import { closeOverdueOrders } from './modules/orders/service.ts';
import { rechargeOrders } from './modules/orders/tables.ts';
import { createSandboxGateway } from './modules/payments/gateways/sandbox.ts';
import { closeOverdueStaticOrders, expireStaticIps } from './modules/static-ip/jobs.ts';
import { staticNodes, staticOrderItems, staticOrders } from './modules/static-ip/tables.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { createTestDatabase, type TestDatabase } from './test/db.ts';
import { writeDist } from './test/dist.ts';
import { createTestUser } from './test/members.ts';
import { addRegion } from './test/static-ip.ts';

/**
 * The shop scaled out: two servers, each with its own connection pool, cache and data folder, on
 * one PostgreSQL database, behind a round-robin proxy. Whatever one instance did, the other must
 * see, and whatever both do at once must happen once. Needs real PostgreSQL (PGlite is one process).
 */
const postgres = process.env.DATABASE_URL;

type Instance = 'a' | 'b';
const INSTANCE_HEADER = 'x-served-by';

/** Sends each request to the next instance in turn and says which one answered. */
function roundRobinProxy(targets: Record<Instance, number>) {
  const order = Object.keys(targets) as Instance[];
  let next = 0;
  const server = http.createServer((req, res) => {
    const instance = order[next++ % order.length] as Instance;
    const upstream = http.request(
      { host: '127.0.0.1', port: targets[instance], method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [INSTANCE_HEADER]: instance });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

let database: TestDatabase;
/** B's own pool, and the one a CLI run from an operator's shell would open. */
let poolB: Database;
let cliDatabase: Database;
let a: TestApp;
let b: TestApp;
let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;

interface Answer {
  status: number;
  by: Instance;
  body: Buffer;
  json<T = { code: number; data: unknown; msg: string }>(): T;
}

async function call(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | Buffer | undefined;
  if (Buffer.isBuffer(init.body)) body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${proxy.url}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    by: res.headers.get(INSTANCE_HEADER) as Instance,
    body: bytes,
    json: () => JSON.parse(bytes.toString('utf8')),
  };
}

/** The same request until both instances have answered it (round robin: two in a row). */
const fromBoth = async (path: string, init: Parameters<typeof call>[1] = {}) => {
  const answers = [await call(path, init), await call(path, init)];
  expect(new Set(answers.map((x) => x.by))).toEqual(new Set(['a', 'b']));
  return answers;
};

/** Polls `check` on both instances until it holds on both; resolves to the milliseconds it took. */
async function untilBoth(path: string, init: Parameters<typeof call>[1], check: (answer: Answer) => boolean, limitMs = 1000) {
  const started = Date.now();
  for (;;) {
    const answers = await fromBoth(path, init);
    if (answers.every(check)) return Date.now() - started;
    if (Date.now() - started > limitMs)
      throw new Error(`not on both instances within ${limitMs} ms: ${answers.map((x) => `${x.by}:${x.body}`)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function login(mobile: string, password: string): Promise<string> {
  const res = await call('/app-api/member/auth/login', { body: { mobile, password } });
  expect(res.json().code, res.body.toString()).toBe(0);
  return res.json<{ code: number; data: { token: string } }>().data.token;
}

describe.skipIf(!postgres)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.url as string;
    poolB = await openDatabase({ kind: 'postgres', url });
    cliDatabase = await openDatabase({ kind: 'postgres', url });
    const env = { SANDBOX: 'true' };
    a = await createTestApp({ database, env });
    b = await createTestApp({ database: { ...poolB, url, destroy: () => poolB.close() }, env });
    for (const t of [a, b]) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t: TestApp) => (t.app.server.address() as AddressInfo).port;
    proxy = await roundRobinProxy({ a: port(a), b: port(b) });
  }, 60_000);

  afterAll(async () => {
    await proxy?.close();
    await a?.close();
    await b?.close();
    await poolB?.close();
    await cliDatabase?.close();
    await database?.destroy();
  });

  it('a login on one instance is valid on the other; a logout on either is refused on both within a second', async () => {
    const user = await createTestUser(a.app.db);
    const token = await login(user.mobile as string, user.password);
    for (const answer of await fromBoth('/app-api/ip/member-user/get', { token }))
      expect(answer.json<{ code: number; data: { id: number } }>()).toMatchObject({ code: 0, data: { id: user.id } });

    const logout = await call('/app-api/member/auth/logout', { method: 'POST', token });
    expect(logout.json().code).toBe(0);
    // Both instances had the session cached (for 5 s): only the revocation's NOTIFY ends it in time.
    const ms = await untilBoth('/app-api/ip/member-user/get', { token }, (x) => x.json().code === 401);
    expect(ms).toBeLessThan(1000);
  });

  it('a device signed out from the devices list on one instance is refused on both within a second', async () => {
    const user = await createTestUser(a.app.db);
    const laptop = await login(user.mobile as string, user.password);
    const phone = await login(user.mobile as string, user.password);
    for (const answer of await fromBoth('/app-api/ip/member-user/get', { token: phone })) expect(answer.json().code).toBe(0);
    const list = (await call('/app-api/ip/member-session/list', { token: laptop })).json<{
      data: { list: { id: number; current: boolean }[] };
    }>();
    const other = list.data.list.find((s: { current: boolean }) => !s.current);
    const out = await call('/app-api/ip/member-session/revoke', { token: laptop, body: { id: other?.id } });
    expect(out.json().code).toBe(0);
    const ms = await untilBoth('/app-api/ip/member-user/get', { token: phone }, (x) => x.json().code === 401);
    expect(ms).toBeLessThan(1000);
    for (const answer of await fromBoth('/app-api/ip/member-user/get', { token: laptop })) expect(answer.json().code).toBe(0);
  });

  it('a password reset on one instance ends the sessions and API tokens on both within a second', async () => {
    const user = await createTestUser(a.app.db);
    const mobile = user.mobile as string;
    const token = await login(mobile, user.password);
    const created = await call('/app-api/member/api-token/create', { token, body: { name: 'ci', scopes: ['proxy:write'] } });
    const secret = created.json<{ code: number; data: { secret: string } }>().data.secret;
    // Both instances have the session cached and answer the token.
    for (const answer of await fromBoth('/app-api/ip/member-user/get', { token })) expect(answer.json().code).toBe(0);
    for (const answer of await fromBoth('/api/v1/proxy-accounts', { token: secret })) expect(answer.status).toBe(200);

    expect((await call('/app-api/member/auth/send-sms-code', { body: { mobile, scene: 3 } })).json().code).toBe(0);
    const outbox = await call(`/sandbox/outbox.json?to=${mobile}`);
    const code = outbox.json<{ messages: { code: string | null }[] }>().messages.find((m) => m.code)?.code;
    const reset = await call('/app-api/member/auth/reset-password', { body: { mobile, code, password: 'Reset-on-one-2026' } });
    expect(reset.json().code).toBe(0);

    const ms = Math.max(
      await untilBoth('/app-api/ip/member-user/get', { token }, (x) => x.json().code === 401),
      await untilBoth('/api/v1/proxy-accounts', { token: secret }, (x) => x.status === 401),
    );
    expect(ms).toBeLessThan(1000);
  });

  it("a team member's lowered role, then their removal, hold on both instances within a second (session and API token)", async () => {
    const owner = await createTestUser(a.app.db);
    const dev = await createTestUser(a.app.db);
    await a.app.db.insert(teamMembers).values({ teamId: owner.id, memberId: dev.id, role: 'developer' });
    const ownerToken = await login(owner.mobile as string, owner.password);
    const token = await login(dev.mobile as string, dev.password);
    expect((await call('/app-api/member/team/switch', { token, body: { teamId: owner.id } })).json().code).toBe(0);
    const created = await call('/app-api/member/api-token/create', { token, body: { name: 'ci', scopes: ['proxy:write'] } });
    const secret = created.json<{ code: number; data: { secret: string } }>().data.secret;
    // Both instances have the developer's session (and role) cached and answer the token.
    for (const answer of await fromBoth('/app-api/ip/proxy-account/list', { token })) expect(answer.json().code).toBe(0);
    for (const answer of await fromBoth('/api/v1/proxy-accounts', { token: secret })) expect(answer.status).toBe(200);

    const lowered = await call('/app-api/member/team/role', { token: ownerToken, body: { memberId: dev.id, role: 'viewer' } });
    expect(lowered.json().code).toBe(0);
    const refusedMs = Math.max(
      await untilBoth('/app-api/ip/proxy-account/list', { token }, (x) => x.json().code === ResultCode.NotAuthorised),
      await untilBoth('/api/v1/proxy-accounts', { token: secret }, (x) => x.status === 403),
    );
    expect(refusedMs).toBeLessThan(1000);

    const removed = await call('/app-api/member/team/remove', { token: ownerToken, body: { memberId: dev.id } });
    expect(removed.json().code).toBe(0);
    const ms = Math.max(
      await untilBoth('/app-api/ip/member-user/get', { token }, (x) => x.json().code === 401),
      await untilBoth('/api/v1/usage', { token: secret }, (x) => x.status === 401),
    );
    expect(ms).toBeLessThan(1000);
  });

  it('remote deploy and rollback from an operator shell are what both instances serve next', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-two-instances-'));
    try {
      const io = { out: () => {}, err: (line: string) => console.error(line) };
      const deps = (dist: string) => ({
        config: { dataDir: join(dir, 'cli-data'), shellDist: join(dir, 'no-shell') },
        distDir: () => dist,
        build: () => {
          throw new Error('prebuilt dists only');
        },
        database: cliDatabase,
      });
      const deploy = async (label: string) => {
        const dist = await writeDist(join(dir, label), { 'static/js/main.js': `console.log(${JSON.stringify(label)})` });
        expect(await runCli(['deploy', 'marketing', '--dist', dist], deps(dist), io)).toBe(0);
      };
      const served = (x: Answer) => x.json<{ remotes: { marketing?: { version: string } } }>().remotes.marketing?.version;

      await deploy('v1');
      await untilBoth('/remotes.json', {}, (x) => served(x) !== undefined);
      const [first] = await fromBoth('/remotes.json');
      const v1 = served(first as Answer) as string;

      await new Promise((r) => setTimeout(r, 1100)); // versions are stamped to the second
      await deploy('v2');
      await untilBoth('/remotes.json', {}, (x) => served(x) !== v1);
      const v2 = served((await call('/remotes.json')) as Answer) as string;
      // Each instance copies the new version from the database on first use and serves its files.
      for (const answer of await fromBoth(`/remotes/marketing/${v2}/static/js/main.js`)) {
        expect(answer.status).toBe(200);
        expect(answer.body.toString()).toBe('console.log("v2")');
      }

      expect(await runCli(['rollback', 'marketing'], deps(''), io)).toBe(0);
      await untilBoth('/remotes.json', {}, (x) => served(x) === v1);
      // A page loaded before the rollback still gets the files of the version it started with.
      for (const answer of await fromBoth(`/remotes/marketing/${v2}/static/js/main.js`)) expect(answer.status).toBe(200);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a licence uploaded through one instance is reviewed by ops and downloaded through the other', async () => {
    const user = await createTestUser(a.app.db);
    const token = await login(user.mobile as string, user.password);
    const licence = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(`licence of ${user.mobile}\n%%EOF\n`)]);
    const fields = {
      companyName: 'Hangzhou Example Technology Co., Ltd.',
      contactPhone: '13800138000',
      unifiedSocialCreditCode: '91330100716105852F',
      bankName: '中国工商银行杭州西湖支行',
      bankAccount: '6222021234567890123',
      registrationAddress: '浙江省杭州市西湖区文三路 1 号',
      registrationPhone: '0571-12345678',
    };
    const boundary = 'portal-two-instances';
    const parts = Object.entries(fields).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const body = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="businessLicence"; filename="licence.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      licence,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await call('/app-api/ip/member-user-enterprise-info/create', {
      method: 'POST',
      token,
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.json().code, upload.body.toString()).toBe(0);

    const [cert] = await cliDatabase.db
      .select({ id: enterpriseCertifications.id })
      .from(enterpriseCertifications)
      .where(eq(enterpriseCertifications.userId, user.id));
    const out: string[] = [];
    const opsCtx = {
      db: async () => cliDatabase.db,
      config: a.config,
      io: { out: (l: string) => out.push(l), err: (l: string) => out.push(l) },
    };
    const file = join(a.dir, 'reviewed-licence.pdf');
    expect(await runOps(['cert', 'licence', String(cert?.id), '--out', file], opsCtx), out.join('\n')).toBe(0);
    expect(await runOps(['cert', 'approve', String(cert?.id)], opsCtx), out.join('\n')).toBe(0);

    for (const answer of await fromBoth('/app-api/ip/member-user-enterprise-info/licence', { token })) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(licence)).toBe(true);
    }
    for (const answer of await fromBoth('/app-api/ip/member-user/get', { token }))
      expect(answer.json<{ data: { identificationStatus: number } }>().data.identificationStatus).toBe(3);
  });

  it('200 buyers at once across both instances for 100 IPs: exactly 100 sold, none twice', { timeout: 180_000 }, async () => {
    const BUYERS = 200;
    const STOCK = 100;
    const { regionId, nodeIds } = await addRegion(a.app.db, { resourceType: 2, cityEn: 'Ashburn', nodes: STOCK });
    const users = await Promise.all(Array.from({ length: 8 }, () => createTestUser(a.app.db)));
    const tokens: string[] = [];
    for (const user of users) tokens.push(await login(user.mobile as string, user.password));
    const sandbox = createSandboxGateway(a.config);

    const outcomes = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const token = tokens[i % tokens.length] as string;
        const order = await call('/app-api/ip/static-order/create', {
          token,
          body: { resourceType: 2, regionId, count: 1, durationDays: 30 },
        });
        // Stock is checked softly when ordering: once the IPs are sold, later buyers are told so.
        if (order.json().code === StaticErrorCode.OutOfStock) return { id: null, by: [order.by], ack: 'out of stock' };
        expect(order.json().code, order.body.toString()).toBe(0);
        const { id, amountFen } = order.json<{ code: number; data: { id: number; amountFen: number } }>().data;
        const pay = await call('/app-api/order/staticPay', { token, body: { orderId: id, channel: 'alipay_pc' } });
        const { paymentNo } = pay.json<{ code: number; data: { paymentNo: string } }>().data;
        const notification = JSON.stringify({
          paymentNo,
          tradeNo: `SANDBOX2I${paymentNo}`,
          amountFen,
          appId: 'sandbox',
          status: 'SUCCESS',
          paidAt: new Date().toISOString(),
        });
        const ack = await call('/app-api/pay/notify/sandbox', {
          method: 'POST',
          body: Buffer.from(notification),
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': await sandbox.signNotification(notification) },
        });
        return { id, by: [order.by, pay.by, ack.by], ack: ack.body.toString() };
      }),
    );
    expect(new Set(outcomes.flatMap((o) => o.by))).toEqual(new Set(['a', 'b']));
    const paid = outcomes.filter((o) => o.id !== null);
    // Every payment is settled for the provider, whether it bought an IP or is refunded.
    expect(paid.map((o) => o.ack)).toEqual(Array(paid.length).fill('success'));
    expect(paid.length).toBeGreaterThanOrEqual(STOCK);

    const ids = paid.map((o) => o.id as number);
    const rows = await a.app.db.select().from(staticOrders).where(inArray(staticOrders.id, ids));
    expect(rows.filter((r) => r.status === StaticOrderStatus.Success)).toHaveLength(STOCK);
    expect(rows.filter((r) => r.status === StaticOrderStatus.Refunding)).toHaveLength(paid.length - STOCK);
    const items = await a.app.db.select().from(staticOrderItems).where(inArray(staticOrderItems.orderId, ids));
    expect(items).toHaveLength(STOCK);
    expect(new Set(items.map((item) => item.nodeId))).toEqual(new Set(nodeIds));
    const [stock] = await a.app.db
      .select({ available: sql<number>`(count(*) filter (where ${staticNodes.state} = 0))::int` })
      .from(staticNodes)
      .where(eq(staticNodes.regionId, regionId));
    expect(stock?.available).toBe(0);
  });

  it('the order-closing and IP-expiry jobs of both instances handle each due item once', async () => {
    const user = await createTestUser(a.app.db);
    const token = await login(user.mobile as string, user.password);
    for (let i = 0; i < 30; i++) {
      const res = await call('/app-api/ip/recharge-order/create', { token, body: { trafficGb: 1, accountType: 0 } });
      expect(res.json().code, res.body.toString()).toBe(0);
    }
    const { regionId } = await addRegion(a.app.db, { resourceType: 2, cityEn: 'Seattle', nodes: 5 });
    for (let i = 0; i < 5; i++) {
      const res = await call('/app-api/ip/static-order/create', {
        token,
        body: { resourceType: 2, regionId, count: 1, durationDays: 30 },
      });
      expect(res.json().code, res.body.toString()).toBe(0);
    }
    const later = new Date(Date.now() + 2 * 24 * 3600_000);
    /** Runs a job on both instances at once, each in small batches until it finds nothing. */
    const drainOnBoth = async (job: (db: TestApp['app']['db'], now: Date, batch: number) => Promise<number>, now: Date) => {
      const drain = async (t: TestApp) => {
        let total = 0;
        for (let n = await job(t.app.db, now, 7); n > 0; n = await job(t.app.db, now, 7)) total += n;
        return total;
      };
      const [onA, onB] = await Promise.all([drain(a), drain(b)]);
      return { onA, onB, total: onA + onB };
    };

    const open = await a.app.db.select({ id: rechargeOrders.id }).from(rechargeOrders).where(eq(rechargeOrders.userId, user.id));
    const closed = await drainOnBoth(closeOverdueOrders, later);
    expect(closed.total).toBe(open.length);
    expect((await drainOnBoth(closeOverdueStaticOrders, later)).total).toBe(5);

    const held = await a.app.db
      .select({ id: staticOrderItems.id })
      .from(staticOrderItems)
      .where(eq(staticOrderItems.status, StaticIpStatus.Normal));
    expect(held.length).toBeGreaterThan(0);
    const expired = await drainOnBoth(expireStaticIps, new Date(Date.now() + 40 * 24 * 3600_000));
    expect(expired.total).toBe(held.length);
    const still = await a.app.db
      .select({ id: staticOrderItems.id })
      .from(staticOrderItems)
      .where(eq(staticOrderItems.status, StaticIpStatus.Normal));
    expect(still).toEqual([]);
  });
});
