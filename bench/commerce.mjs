#!/usr/bin/env node
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  load as loadRun,
  machineLine,
  memoryOf,
  positiveInt,
  runBenchmark,
  sampleMemory,
  serverCommand,
  startPortal,
  TSX,
} from './lib.mjs';
import { api, createMembers as createMembersOf, inPool, runProcess } from './calls.mjs';
import { checkConsistency, withDatabase } from './commerce-consistency.mjs';
import { startHelloWorld } from './floors.mjs';

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

/** The load generator (lib.mjs) with this run's number of requests in flight. */
const load = (options) => loadRun({ connections: CONCURRENCY, ...options });

/** A short run whose figures are dropped: connections, JIT, caches and the database pool warm up. */
const warmUp = (options) => load({ ...options, duration: WARMUP_SECONDS, amount: undefined });

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const okEnvelope = (status, body) => status === 200 && JSON.parse(body).code === 0;

/** Members through the operator CLI, logged in (calls.mjs). */
const createMembers = (portal) => createMembersOf(portal, USERS, { password: PASSWORD, runtime: RUNTIME });

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
