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
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'server/node_modules/.bin/tsx');
const SETUP = 'bench/commerce-setup.ts';
const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const pg = requireServer('pg');

const CATALOGUE = '/app-api/ip/traffic-combo-product-price/list';
const ORDER_CREATE = '/app-api/ip/recharge-order/create';
const ORDER_PAY = '/app-api/order/pay';
const NOTIFY = '/app-api/pay/notify/sandbox';
const PASSWORD = 'Bench@12345';

const positiveInt = (name, value) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name}: expected a whole number of 1 or more, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return n;
};
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

// ---------------------------------------------------------------------------------------------
// Clean-up: every resource registers its release as soon as it exists; run once, in reverse order,
// at the end, on failure and on Ctrl-C.

const releases = [];
let cleaning = null;
let interrupted = false;
/** The load runs under way: stopped first on Ctrl-C, so the server is not kept busy while it closes. */
const running = new Set();
const stopIfInterrupted = () => {
  if (interrupted) throw new Error('interrupted');
};
function cleanUp() {
  cleaning ??= (async () => {
    for (const release of releases.reverse()) {
      try {
        await release();
      } catch (err) {
        console.error(`clean-up: ${err.message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and dropping the database`);
    for (const instance of running) instance.stop();
    cleanUp().finally(() => process.exit(130));
  });
}

/** Spawns a child whose output is kept (last lines) for error messages; registers its stop. */
function startChild(name, command, argv, options) {
  const child = spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const keep = (chunk) => {
    tail.push(...String(chunk).split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  releases.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // The server lets in-flight requests finish, then waits for keep-alive connections (ours, when
    // interrupted mid-request); a second signal makes it exit at once.
    child.kill('SIGTERM');
    const timers = [setTimeout(() => child.kill('SIGTERM'), 3000), setTimeout(() => child.kill('SIGKILL'), 10_000)];
    await exited;
    for (const timer of timers) clearTimeout(timer);
  });
  return { name, child, tail, exited };
}

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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, proc) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = proc.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`${proc.name} exited (${exitCode ?? signalCode}):\n${proc.tail.join('\n')}`);
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} did not answer ${url} within 90 s:\n${proc.tail.join('\n')}`);
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

// ---------------------------------------------------------------------------------------------
// The load generator: autocannon with `connections` requests in flight (one per keep-alive
// connection), for a duration or a number of requests. Latencies are kept per response in
// microsecond precision (autocannon's own histogram has whole milliseconds only).

function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * @param {object} o
 * @param {string} o.base
 * @param {() => object} o.request the next request: {method, path, headers?, body?}
 * @param {(status: number, body: string) => boolean} o.ok whether a response is the expected one
 * @param {number} [o.duration] seconds; or
 * @param {number} [o.amount] requests
 */
function load({ base, request, ok, duration, amount }) {
  stopIfInterrupted();
  return new Promise((resolve, reject) => {
    const latencies = [];
    let good = 0;
    let bad = 0;
    const started = performance.now();
    // let, set below: autocannon may call back at once (an invalid option).
    let instance = null;
    instance = autocannon(
      {
        url: base,
        connections: amount ? Math.min(CONCURRENCY, amount) : CONCURRENCY,
        ...(amount ? { amount } : { duration }),
        timeout: 30,
        requests: [
          {
            setupRequest: (defaults) => {
              const r = request();
              return { ...defaults, ...r, headers: { ...defaults.headers, ...r.headers } };
            },
            onResponse: (status, body) => {
              if (ok(status, body)) good++;
              else bad++;
            },
          },
        ],
      },
      (err, result) => {
        running.delete(instance);
        if (err || interrupted) return reject(err ?? new Error('interrupted'));
        const seconds = (performance.now() - started) / 1000;
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          requests: latencies.length,
          perSecond: latencies.length / seconds,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          good,
          errors: bad + result.errors,
        });
      },
    );
    running.add(instance);
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

/** A short run whose figures are dropped: connections, JIT, caches and the database pool warm up. */
const warmUp = (options) => load({ ...options, duration: WARMUP_SECONDS, amount: undefined });

// ---------------------------------------------------------------------------------------------

async function main() {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `portal_bench_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const adminQuery = async (sql) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      return await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  // Registered first, so an interruption during the creation drops it too.
  releases.push(() => adminQuery(`drop database if exists "${dbName}" with (force)`));
  await adminQuery(`create database "${dbName}"`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  releases.push(() => rmSync(dataDir, { recursive: true, force: true }));

  const [portalPort, helloPort] = [await freePort(), await freePort()];
  const portal = `http://127.0.0.1:${portalPort}`;
  const hello = `http://127.0.0.1:${helloPort}`;
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
  const fastifyEntry = pathToFileURL(requireServer.resolve('fastify')).href;
  const helloServer = startChild(
    'hello-world',
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { default: Fastify } = await import(${JSON.stringify(fastifyEntry)});
       const app = Fastify({ logger: false });
       app.get('/hello', async () => ({ hello: 'world' }));
       await app.listen({ port: ${helloPort}, host: '127.0.0.1' });`,
    ],
    { cwd: ROOT },
  );
  await Promise.all([waitFor(`${portal}/healthz`, server), waitFor(`${hello}/hello`, helloServer)]);

  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  releases.push(() => db.end());
  const pgVersion = (await db.query('select version()')).rows[0].version;

  console.log('Commerce API benchmark');
  console.log(
    `  machine     ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
  );
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

try {
  await main();
} catch (err) {
  if (!interrupted) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  }
} finally {
  if (!interrupted) await cleanUp();
}
