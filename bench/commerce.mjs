#!/usr/bin/env node
// Benchmark (not a test): throughput and latency of the commerce API on real PostgreSQL, next to a
// bare Fastify hello-world, with an in-process load generator (autocannon) holding a fixed number
// of requests in flight. Prints figures and a consistency check; never fails on timing.
//
// Usage: npm run bench:api [-- --duration <s>] [--concurrency <n>] [--users <n>] [--notifications <n>]
//
// A fresh database portal_bench_<random> is created on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, also on failure or Ctrl-C.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  freePort,
  load as loadRun,
  machineLine,
  positiveInt,
  releases,
  ROOT,
  requireServer,
  runBenchmark,
  startChild,
  startHelloWorld,
  stopIfInterrupted,
  TSX,
  waitFor,
} from './lib.mjs';

const SETUP = 'bench/commerce-setup.ts';
const pg = requireServer('pg');

const CATALOGUE = '/app-api/ip/traffic-combo-product-price/list';
const ORDER_CREATE = '/app-api/ip/recharge-order/create';
const ORDER_PAY = '/app-api/order/pay';
const NOTIFY = '/app-api/pay/notify/sandbox';
const PASSWORD = 'Bench@12345';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    users: { type: 'string', default: '50' },
    notifications: { type: 'string', default: '2000' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const USERS = positiveInt('users', args.users);
const NOTIFICATIONS = positiveInt('notifications', args.notifications);
const WARMUP_SECONDS = Math.min(2, DURATION);
const WARMUP_NOTIFICATIONS = Math.min(200, NOTIFICATIONS);

/** Runs the TypeScript helper (the server's own code) and returns its JSON output. */
function runSetup(argv, env, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [SETUP, ...argv], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      err += c;
    });
    child.on('error', reject);
    // 'close', not 'exit': only then has all of stdout been read.
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out));
      else reject(new Error(`${SETUP} ${argv[0]} failed (exit ${code}):\n${err.trim()}`));
    });
    child.stdin.end(input ?? '');
  });
}

/** A JSON call of the portal API; throws unless the envelope says code 0. */
async function api(base, method, url, { token, body } = {}) {
  stopIfInterrupted();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': 'application/json' }),
    },
    ...(body && { body: JSON.stringify(body) }),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok || json?.code !== 0) throw new Error(`${method} ${url}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Runs fn(i) for i in [0, count) with at most `concurrency` at once. */
async function inPool(count, concurrency, fn) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      stopIfInterrupted();
      const i = next++;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** The load generator (lib.mjs) with this run's number of requests in flight. */
const load = (options) => loadRun({ connections: CONCURRENCY, ...options });

/** A short run whose figures are dropped: connections, JIT, caches and the database pool warm up. */
const warmUp = (options) => load({ ...options, duration: WARMUP_SECONDS, amount: undefined });

// ---------------------------------------------------------------------------------------------

async function main() {
  const database = await createBenchDatabase();
  const dbUrl = new URL(database.url);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  releases.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const portalPort = await freePort();
  const portal = `http://127.0.0.1:${portalPort}`;
  const server = startChild('server', TSX, ['server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: dataDir,
      PORT: String(portalPort),
      HOST: '127.0.0.1',
      SANDBOX: 'true',
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      // Any key: set so the sandbox does not create one (and warn about it) in the temporary DATA_DIR.
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    },
  });
  const helloWorld = await startHelloWorld();
  const hello = helloWorld.base;
  await Promise.all([waitFor(`${portal}/healthz`, server), helloWorld.ready()]);

  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  releases.push(() => db.end());
  const pgVersion = database.version;

  console.log('Commerce API benchmark');
  console.log(`  machine     ${machineLine()}`);
  console.log(`  node        ${process.version}`);
  console.log(`  postgresql  ${pgVersion}`);
  console.log(
    `  load        autocannon, ${CONCURRENCY} in flight, ${DURATION} s per timed scenario after ${WARMUP_SECONDS} s warm-up; ${USERS} users`,
  );

  // Users, straight through the accounts service (one scrypt hash each), then logged in over HTTP.
  let t0 = performance.now();
  const users = await runSetup(['users', String(USERS), PASSWORD], { DATABASE_URL: dbUrl.toString() });
  const tokens = await inPool(users.length, 4, async (i) => {
    const data = await api(portal, 'POST', '/app-api/member/auth/login', {
      body: { mobile: users[i].mobile, password: PASSWORD },
    });
    return data.token;
  });
  console.log(`  setup       ${users.length} users created and logged in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const packages = await api(portal, 'GET', CATALOGUE);
  if (!Array.isArray(packages) || packages.length === 0) throw new Error('the catalogue is empty');
  const packageId = packages[0].id;
  const rows = [];

  // 1. Catalogue read vs the bare hello-world.
  const helloRun = { base: hello, request: () => ({ method: 'GET', path: '/hello' }), ok: (s) => s === 200 };
  await warmUp(helloRun);
  rows.push({ scenario: 'hello-world (bare Fastify)', ...(await load({ ...helloRun, duration: DURATION })) });
  const catalogueRun = { base: portal, request: () => ({ method: 'GET', path: CATALOGUE }), ok: (s) => s === 200 };
  await warmUp(catalogueRun);
  rows.push({ scenario: `GET catalogue list`, ...(await load({ ...catalogueRun, duration: DURATION })) });

  // 2. Order create, round-robin over the users' tokens.
  let turn = 0;
  const orderBody = JSON.stringify({ packageId, accountType: 0 });
  const createRun = {
    base: portal,
    request: () => ({
      method: 'POST',
      path: ORDER_CREATE,
      headers: { authorization: `Bearer ${tokens[turn++ % tokens.length]}`, 'content-type': 'application/json' },
      body: orderBody,
    }),
    ok: (status, body) => status === 200 && JSON.parse(body).code === 0,
  };
  await warmUp(createRun);
  rows.push({ scenario: 'POST order create', ...(await load({ ...createRun, duration: DURATION })) });

  // 3. Notify apply: orders placed and payments started beforehand, notifications signed by the
  // sandbox gateway's key (as its cashier signs them), then all fired at the notify route.
  t0 = performance.now();
  const total = WARMUP_NOTIFICATIONS + NOTIFICATIONS;
  const pending = await inPool(total, CONCURRENCY, async (i) => {
    const user = i % users.length;
    const order = await api(portal, 'POST', ORDER_CREATE, { token: tokens[user], body: { packageId, accountType: 0 } });
    const pay = await api(portal, 'POST', ORDER_PAY, { token: tokens[user], body: { orderId: order.id, channel: 'alipay_pc' } });
    return { orderId: order.id, userId: users[user].id, paymentNo: pay.paymentNo, amountFen: order.payAmountFen };
  });
  const signed = await runSetup(
    ['sign'],
    { DATA_DIR: dataDir },
    JSON.stringify(pending.map(({ paymentNo, amountFen }) => ({ paymentNo, amountFen }))),
  );
  console.log(
    `  setup       ${total} orders placed, payments started and notifications signed (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  let nextNotification = 0;
  const notifyRun = {
    base: portal,
    request: () => {
      const n = signed[nextNotification++];
      return {
        method: 'POST',
        path: NOTIFY,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': n.signature },
        body: n.body,
      };
    },
    ok: (status, body) => status === 200 && body === 'success',
  };
  const notifyWarm = await load({ ...notifyRun, amount: WARMUP_NOTIFICATIONS });
  const notifyMeasured = await load({ ...notifyRun, amount: NOTIFICATIONS });
  rows.push({ scenario: 'POST notify (sandbox) apply', ...notifyMeasured });

  // The figures.
  const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
  const header = `${'scenario'.padEnd(30)} ${'requests'.padStart(9)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(30)} ${String(r.requests).padStart(9)} ${num(r.perSecond).padStart(9)} ${num(r.p50, 2).padStart(8)} ${num(r.p99, 2).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
  const [h, c] = rows;
  console.log(
    `\ncatalogue vs hello-world: ${num((c.perSecond / h.perSecond) * 100, 1)} % of the req/s (${num(h.perSecond / c.perSecond, 1)}x fewer), p50 ${num(c.p50 / h.p50, 1)}x, p99 ${num(c.p99 / h.p99, 1)}x`,
  );

  // Consistency of the notify scenario: every order paid once, every balance the sum of its paid orders.
  const orderIds = pending.map((p) => p.orderId);
  const paymentNos = pending.map((p) => p.paymentNo);
  const problems = [];
  const acknowledged = notifyWarm.good + notifyMeasured.good;
  if (acknowledged !== total) problems.push(`${total - acknowledged} of ${total} notifications not acknowledged "success"`);
  const paid = (
    await db.query('select count(*)::int as n from recharge_orders where id = any($1) and pay_status = 1 and status = 1', [
      orderIds,
    ])
  ).rows[0].n;
  if (paid !== total) problems.push(`${total - paid} of ${total} orders not paid`);
  const applied = await db.query(
    `select payment_no, count(*) filter (where outcome = 'applied')::int as applied, count(*)::int as received
       from payment_notifications where payment_no = any($1) group by payment_no`,
    [paymentNos],
  );
  const notApplied = total - applied.rows.length;
  const twice = applied.rows.filter((r) => r.applied > 1).length;
  const unapplied = applied.rows.filter((r) => r.applied === 0).length;
  if (notApplied > 0) problems.push(`${notApplied} payments without a recorded notification`);
  if (twice > 0) problems.push(`${twice} payments applied more than once`);
  if (unapplied > 0) problems.push(`${unapplied} payments notified but not applied`);
  const balances = await db.query(
    `select u.id, u.limit_balance::bigint as balance,
            coalesce(sum(o.traffic_mb + o.gift_traffic_mb) filter (where o.pay_status = 1), 0)::bigint as credited,
            count(o.id) filter (where o.pay_status = 1)::int as paid_orders
       from member_users u left join recharge_orders o on o.user_id = u.id
      where u.id = any($1) group by u.id order by u.id`,
    [users.map((u) => u.id)],
  );
  const wrong = balances.rows.filter((r) => r.balance !== r.credited);
  for (const r of wrong.slice(0, 5))
    problems.push(`user ${r.id}: balance ${r.balance} MB, paid orders add up to ${r.credited} MB`);
  if (wrong.length > 5) problems.push(`... and ${wrong.length - 5} more users with a wrong balance`);
  console.log(
    problems.length === 0
      ? `consistency: ok (${total} orders paid exactly once, ${balances.rows.length} balances = sum of their paid orders' traffic)`
      : `consistency: MISMATCH\n  ${problems.join('\n  ')}`,
  );
  if (server.tail.length > 0) console.log(`\nserver warnings (last ${server.tail.length} lines):\n${server.tail.join('\n')}`);
}

await runBenchmark(main);
