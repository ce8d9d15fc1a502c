#!/usr/bin/env node
// Benchmark (not a test): the API calls of a shop visit and of a member's pages, on the compiled
// server as `npm start` runs it, next to a bare Fastify hello-world measured in the same run, with an
// in-process load generator (autocannon) holding a fixed number of requests in flight, and the
// server's memory (idle, peak, after the load). Prints figures and a consistency check; never fails
// on timing.
//
// Usage: npm run bench:api [-- --database pglite|postgres|both] [--duration <s>] [--concurrency <n>]
//                             [--users <n>] [--notifications <n>] [--runtime compiled|tsx]
//                             [--only catalogue,userInfo,orderCreate,orderPage,notify] [--profile <dir>]
//                             [--node-flags="<flags>"] [--base <url> --name <label>] [--json <file>]
//
// --base: the portal already running there (npm run bench's own, as npm start configures it), its
// DATA_DIR, DATA_ENCRYPTION_KEY and DATABASE_URL in this process's environment (the operator CLI
// creates the members through them); its memory is then read by whoever started it, and the
// notifications' consistency check is left out (it reads a stopped PGlite).
//
// --only runs just those scenarios (to look at one); --profile writes the server's CPU profile
// (node --cpu-prof) into <dir>, for Chrome DevTools or speedscope; --node-flags="<flags>" adds
// Node/V8 flags to the compiled server's command (to try one before making it the default).
//
// The database: PostgreSQL when DATABASE_URL is set, the embedded PGlite otherwise (--database says
// otherwise; `both` runs one after the other, one server at a time). On PostgreSQL a fresh database
// portal_bench_<random> is created on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end, also on failure or Ctrl-C;
// PGlite gets a fresh data folder. `--runtime tsx` runs the server from source as `npm run dev` does
// (its memory is then that of the tsx process, the node child and esbuild together).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  load as loadRun,
  machineLine,
  memoryOf,
  positiveInt,
  ROOT,
  requireServer,
  runBenchmark,
  sampleMemory,
  serverCommand,
  startHelloWorld,
  startPortal,
  stopIfInterrupted,
  TSX,
} from './lib.mjs';

const SETUP = 'bench/commerce-setup.ts';

const CATALOGUE = '/app-api/ip/traffic-combo-product-price/list';
const USER_INFO = '/app-api/ip/member-user/get';
const ORDER_PAGE = '/app-api/ip/recharge-order/page?pageNo=1&pageSize=10';
const ORDER_CREATE = '/app-api/ip/recharge-order/create';
const ORDER_PAY = '/app-api/order/pay';
const NOTIFY = '/app-api/pay/notify/sandbox';
const PASSWORD = 'Bench@12345';
/** Seconds the server is left alone before its memory is read as idle. */
const SETTLE_SECONDS = 3;

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    users: { type: 'string', default: '50' },
    notifications: { type: 'string', default: '2000' },
    runtime: { type: 'string', default: 'compiled' },
    only: { type: 'string' },
    profile: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    base: { type: 'string' },
    name: { type: 'string', default: 'portal' },
    json: { type: 'string' },
  },
});
const ALL_SCENARIOS = ['catalogue', 'userInfo', 'orderCreate', 'orderPage', 'notify'];
const ONLY = args.only ? args.only.split(',').map((s) => s.trim()) : ALL_SCENARIOS;
const unknownScenario = ONLY.find((s) => !ALL_SCENARIOS.includes(s));
if (unknownScenario) {
  console.error(`--only: expected some of ${ALL_SCENARIOS.join(',')}, got ${JSON.stringify(unknownScenario)}`);
  process.exit(2);
}
const runs = (scenario) => ONLY.includes(scenario);
const DATABASES = { pglite: ['pglite'], postgres: ['postgres'], both: ['pglite', 'postgres'] }[args.database];
if (!DATABASES) {
  console.error(`--database: expected pglite, postgres or both, got ${JSON.stringify(args.database)}`);
  process.exit(2);
}
if (args.runtime !== 'compiled' && args.runtime !== 'tsx') {
  console.error(`--runtime: expected compiled or tsx, got ${JSON.stringify(args.runtime)}`);
  process.exit(2);
}
const RUNTIME = args.runtime;
const DURATION = positiveInt('duration', args.duration);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const USERS = positiveInt('users', args.users);
const NOTIFICATIONS = positiveInt('notifications', args.notifications);
const WARMUP_SECONDS = Math.min(2, DURATION);
const WARMUP_NOTIFICATIONS = Math.min(200, NOTIFICATIONS);

/** Runs a command to completion; resolves to its stdout, rejects with its stderr. */
function runProcess(command, argv, env, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
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
      if (code === 0) resolve(out);
      else reject(new Error(`${[command, ...argv].join(' ')} failed (exit ${code}):\n${err.trim()}`));
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

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const okEnvelope = (status, body) => status === 200 && JSON.parse(body).code === 0;

/** Mainland-China mobiles 137xxxxxxxx, one per member, so a fresh database never has them. */
const benchMobile = (i) => `137${String(i + 1).padStart(8, '0')}`;

// ---------------------------------------------------------------------------------------------

/**
 * Members through the operator CLI (`ops user create`: the server's own code; with PGlite the
 * running server does it for the CLI over its ops socket), then logged in over HTTP.
 */
async function createMembers(portal) {
  const [command, opsArgs] = serverCommand('ops', RUNTIME);
  const ids = await inPool(USERS, 4, async (i) => {
    const out = await runProcess(
      command,
      [...opsArgs, 'user', 'create', '--mobile', benchMobile(i), '--password', PASSWORD],
      portal.env,
    );
    return Number(out.trim());
  });
  const tokens = await inPool(USERS, 4, async (i) => {
    const data = await api(portal.base, 'POST', '/app-api/member/auth/login', {
      body: { mobile: benchMobile(i), password: PASSWORD },
    });
    return data.token;
  });
  return { ids, tokens };
}

/** Whatever `query(text, params)` answers with `{ rows }` (a pg client or PGlite). */
async function checkConsistency(db, { pending, userIds, acknowledged }) {
  const total = pending.length;
  const orderIds = pending.map((p) => p.orderId);
  const paymentNos = pending.map((p) => p.paymentNo);
  const problems = [];
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
    `select u.id, u.limit_balance::bigint::text as balance,
            (select coalesce(sum(l.remaining_mb), 0) from traffic_lots l where l.user_id = u.id)::bigint::text as lots,
            coalesce(sum(o.traffic_mb + o.gift_traffic_mb) filter (where o.pay_status = 1), 0)::bigint::text as credited
       from member_users u left join recharge_orders o on o.user_id = u.id
      where u.id = any($1) group by u.id order by u.id`,
    [userIds],
  );
  const wrong = balances.rows.filter((r) => r.balance !== r.credited || r.lots !== r.credited);
  for (const r of wrong.slice(0, 5))
    problems.push(`user ${r.id}: balance ${r.balance} MB, lots ${r.lots} MB, paid orders add up to ${r.credited} MB`);
  if (wrong.length > 5) problems.push(`... and ${wrong.length - 5} more users with a wrong balance`);
  return problems.length === 0
    ? `ok (${total} orders paid exactly once, ${balances.rows.length} balances = their lots = sum of their paid orders' traffic)`
    : `MISMATCH\n    ${problems.join('\n    ')}`;
}

/** Opens the database the portal used, runs fn with it, closes it. PGlite: only once the server is stopped. */
async function withDatabase(portal, fn) {
  if (portal.env.DATABASE_URL) {
    const pg = requireServer('pg');
    const client = new pg.Client({ connectionString: portal.env.DATABASE_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = requireServer('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir: join(portal.dataDir, 'pglite') });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

/** Notify apply; returns what the consistency check needs. */
async function benchNotify(name, portal, { tokens, packageId, rows }) {
  // Notify apply: orders placed and payments started beforehand, notifications signed by the
  // sandbox gateway's key (as its cashier signs them), then all fired at the notify route.
  const t0 = performance.now();
  const total = WARMUP_NOTIFICATIONS + NOTIFICATIONS;
  const pending = await inPool(total, CONCURRENCY, async (i) => {
    const token = tokens[i % tokens.length];
    const order = await api(portal.base, 'POST', ORDER_CREATE, { token, body: { packageId, accountType: 0 } });
    const pay = await api(portal.base, 'POST', ORDER_PAY, { token, body: { orderId: order.id, channel: 'alipay_pc' } });
    return { orderId: order.id, paymentNo: pay.paymentNo, amountFen: order.payAmountFen };
  });
  const signed = JSON.parse(
    await runProcess(
      TSX,
      [SETUP, 'sign'],
      { ...process.env, DATA_DIR: portal.dataDir, DATA_ENCRYPTION_KEY: portal.env.DATA_ENCRYPTION_KEY },
      JSON.stringify(pending.map(({ paymentNo, amountFen }) => ({ paymentNo, amountFen }))),
    ),
  );
  console.log(
    `  ${name.padEnd(10)}  ${total} orders placed, payments started and notifications signed (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  let nextNotification = 0;
  const notifyRun = {
    base: portal.base,
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
  rows.notify = await load({ ...notifyRun, amount: NOTIFICATIONS });
  return { pending, acknowledged: notifyWarm.good + rows.notify.good };
}

/** The reads (catalogue, user info) against a portal someone else runs; no memory, no consistency check. */
async function benchAttached(portal) {
  const { tokens } = await createMembers(portal);
  const rows = {};
  let turn = 0;
  const timed = async (key, run) => {
    if (!runs(key)) return;
    await warmUp(run);
    rows[key] = await load({ ...run, duration: DURATION });
  };
  await timed('catalogue', { base: portal.base, request: () => ({ method: 'GET', path: CATALOGUE }), ok: (s) => s === 200 });
  await timed('userInfo', {
    base: portal.base,
    request: () => ({ method: 'GET', path: USER_INFO, headers: { authorization: `Bearer ${tokens[turn++ % tokens.length]}` } }),
    ok: okEnvelope,
  });
  return { name: portal.name, rows, memory: null, consistency: 'not checked (attached portal)', tail: [] };
}

/** Every scenario against one portal server; returns its rows, memory and consistency line. */
/** The portal of --base: started by someone else, reached with this process's environment. */
const attached = (name) => ({
  name,
  base: args.base.replace(/\/$/, ''),
  env: process.env,
  dataDir: process.env.DATA_DIR,
  proc: { tail: [] },
  stop: async () => {},
});

async function benchPortal(name, databaseUrl) {
  if (args.base && !runs('notify')) return benchAttached(attached(name));
  const portal = await startPortal(name, databaseUrl, {
    env: { CAPTCHA_ENABLED: 'false' },
    runtime: RUNTIME,
    nodeArgs: [
      ...args['node-flags'].split(/\s+/).filter(Boolean),
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : []),
    ],
  });
  await portal.ready();
  await sleep(SETTLE_SECONDS);
  const memory = { idle: memoryOf(portal.proc.child.pid).rss };
  const sampler = sampleMemory(portal.proc.child.pid);

  const t0 = performance.now();
  const { ids: userIds, tokens } = await createMembers(portal);
  console.log(
    `  ${name.padEnd(10)}  ${USERS} users created (ops) and logged in (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  const packages = await api(portal.base, 'GET', CATALOGUE);
  if (!Array.isArray(packages) || packages.length === 0) throw new Error('the catalogue is empty');
  const packageId = packages[0].id;
  // From here on only the timed scenarios and the notifications' setup: no more password hashing.
  const loadSampler = sampleMemory(portal.proc.child.pid);

  const rows = {};
  const timed = async (key, run) => {
    if (!runs(key)) return;
    await warmUp(run);
    rows[key] = await load({ ...run, duration: DURATION });
  };
  let turn = 0;
  const asMember = (request) => () => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${tokens[turn++ % tokens.length]}` },
  });

  // Reads: the public catalogue, then a member's user info, round-robin over the members' tokens.
  await timed('catalogue', { base: portal.base, request: () => ({ method: 'GET', path: CATALOGUE }), ok: (s) => s === 200 });
  await timed('userInfo', { base: portal.base, request: asMember({ method: 'GET', path: USER_INFO }), ok: okEnvelope });
  // Order create, then the order list (its first page, of members who now have orders).
  const orderBody = JSON.stringify({ packageId, accountType: 0 });
  await timed('orderCreate', {
    base: portal.base,
    request: asMember({ method: 'POST', path: ORDER_CREATE, headers: { 'content-type': 'application/json' }, body: orderBody }),
    ok: okEnvelope,
  });
  await timed('orderPage', { base: portal.base, request: asMember({ method: 'GET', path: ORDER_PAGE }), ok: okEnvelope });

  const notified = runs('notify') ? await benchNotify(name, portal, { tokens, packageId, rows }) : null;

  sampler.stop();
  loadSampler.stop();
  await sleep(SETTLE_SECONDS);
  const after = memoryOf(portal.proc.child.pid);
  Object.assign(memory, {
    peak: Math.max(sampler.peak, after.rss),
    loadPeak: loadSampler.peak,
    after: after.rss,
    hwm: Math.max(sampler.hwm, after.hwm),
  });
  const tail = portal.proc.tail.slice();
  // PGlite's folder belongs to the server while it runs: the check reads it afterwards.
  await portal.stop();
  const consistency = await withDatabase(portal, (db) =>
    notified ? checkConsistency(db, { ...notified, userIds }) : 'not checked (no notifications sent)',
  );
  return { name, rows, memory, consistency, tail };
}

async function main() {
  const database = !args.base && DATABASES.includes('postgres') ? await createBenchDatabase() : null;
  const hello = await startHelloWorld();
  await hello.ready();
  // Built (or tsx located) before the figures start.
  serverCommand('main', RUNTIME);

  console.log('API benchmark');
  console.log(`  machine     ${machineLine()}`);
  console.log(`  node        ${process.version}`);
  console.log(
    `  server      ${RUNTIME === 'compiled' ? 'compiled (node server/dist/main.js, as npm start)' : 'tsx server/src/main.ts'}`,
  );
  if (args.base) console.log(`  portal      ${args.name} at ${args.base} (started by the caller)`);
  else
    console.log(
      `  databases   ${DATABASES.map((d) => (d === 'postgres' ? `PostgreSQL (${database.version})` : 'PGlite (embedded)')).join(', ')}`,
    );
  console.log(
    `  load        autocannon, ${CONCURRENCY} in flight, ${DURATION} s per timed scenario after ${WARMUP_SECONDS} s warm-up; ` +
      `${USERS} users; ${NOTIFICATIONS} notifications after ${WARMUP_NOTIFICATIONS}`,
  );

  const helloRun = { base: hello.base, request: () => ({ method: 'GET', path: '/hello' }), ok: (s) => s === 200 };
  await warmUp(helloRun);
  const floor = await load({ ...helloRun, duration: DURATION });
  await hello.proc.stop();

  const results = [];
  if (args.base) {
    if (runs('orderCreate') || runs('orderPage') || runs('notify')) {
      console.error('--base: only the reads (--only catalogue,userInfo) run against a portal started elsewhere');
      process.exit(2);
    }
    results.push(await benchPortal(args.name, null));
  } else
    for (const kind of DATABASES) {
      results.push(await benchPortal(kind === 'postgres' ? 'PostgreSQL' : 'PGlite', kind === 'postgres' ? database.url : null));
    }

  // The figures.
  const SCENARIOS = [
    ['catalogue', 'GET catalogue list'],
    ['userInfo', 'GET member-user/get'],
    ['orderPage', 'GET order page (10)'],
    ['orderCreate', 'POST order create'],
    ['notify', 'POST notify (sandbox) apply'],
  ];
  const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
  const header = `${'scenario'.padEnd(40)} ${'requests'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× hello'.padStart(8)} ${'errors'.padStart(6)}`;
  const line = (label, r) =>
    `${label.padEnd(40)} ${String(r.requests).padStart(8)} ${num(r.perSecond).padStart(8)} ${num(r.p50, 2).padStart(7)} ${num(r.p99, 2).padStart(7)} ${num(r.perSecond / floor.perSecond, 3).padStart(8)} ${String(r.errors).padStart(6)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  console.log(line('hello-world (bare Fastify)', floor));
  for (const { name, rows } of results)
    for (const [key, label] of SCENARIOS) if (rows[key]) console.log(line(`${name.padEnd(10)}  ${label}`, rows[key]));

  if (results.some((r) => r.memory)) printMemory(results);
  if (args.json) writeFileSync(args.json, JSON.stringify({ hello: floor, results }, null, 2));
  console.log('');
  for (const { name, consistency } of results) console.log(`consistency ${name}: ${consistency}`);
  for (const { name, tail } of results)
    if (tail.length > 0) console.log(`\n${name} server output (last ${tail.length} lines):\n${tail.join('\n')}`);
}

function printMemory(results) {
  const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
  console.log(
    `\nserver memory (RSS, MB; ${RUNTIME === 'tsx' ? 'tsx, its node child and esbuild together' : 'the node process'}): ` +
      `idle = ${SETTLE_SECONDS} s after start, before any request; peak = largest sample (every 100 ms) from then to the end, ` +
      `the members' set-up included (${USERS} password hashes to create and ${USERS} to log in, 4 at a time); ` +
      `load peak = the same from the first timed scenario on; after = ${SETTLE_SECONDS} s after the load; lifetime = VmHWM, start-up included`,
  );
  const memHeader = `${'database'.padEnd(12)} ${'idle'.padStart(6)} ${'peak'.padStart(6)} ${'load peak'.padStart(9)} ${'after'.padStart(6)} ${'lifetime'.padStart(8)}`;
  console.log(`${memHeader}\n${'-'.repeat(memHeader.length)}`);
  for (const { name, memory: m } of results.filter((r) => r.memory))
    console.log(
      `${name.padEnd(12)} ${num(m.idle).padStart(6)} ${num(m.peak).padStart(6)} ${num(m.loadPeak).padStart(9)} ${num(m.after).padStart(6)} ${num(m.hwm).padStart(8)}`,
    );
}

await runBenchmark(main);
