#!/usr/bin/env node
// The usage bench (issue 31, "Performance"): the proxy network's usage ingestion with the new
// fields (sub-account username, host, country, protocol, requests, failed requests) in batches of
// 500, every record checked applied exactly once (resent batches included); then the breakdown of
// one member with 50 sub-accounts, 20 domains and 90 days of hourly data, seeded through the same
// ingestion call. A bare hello-world's latency is the floor. Prints figures; asserts only totals.
//
//   node bench/usage.mjs [--database postgres|pglite|both] [--members 5] [--batches 200]
//                        [--concurrency 4] [--duration 5] [--connections 4]
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { api, createMembers, inPool } from './calls.mjs';
import { withDatabase } from './commerce-consistency.mjs';
import { startHelloWorld } from './floors.mjs';
import {
  createBenchDatabase,
  load,
  machineLine,
  positiveInt,
  runBenchmark,
  serverCommand,
  startPortal,
  stopIfInterrupted,
} from './lib.mjs';

const INGEST = '/app-api/proxy-network/usage';
const BREAKDOWN = '/app-api/ip/usage/breakdown';
const PASSWORD = 'Bench@12345';
const API_KEY = 'bench-proxy-network-key-0123456789';
const SUB_ACCOUNTS = 50;
const DOMAINS = Array.from({ length: 20 }, (_, i) => `site${i + 1}.example.com`);
const COUNTRIES = ['US', 'GB', 'DE', 'JP', 'BR', 'IN', 'FR', 'CA', 'AU', 'SG'];
const PROTOCOLS = ['http', 'https', 'socks5'];
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SEED_DAYS = 90;
/** Records per hour of the breakdown member's seed: every sub-account once (so every hour has all 50). */
const SEED_PER_HOUR = SUB_ACCOUNTS;
const SEED_BATCH = 5000;
const BATCH = 500;

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres' },
    members: { type: 'string', default: '5' },
    batches: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
  },
});
const DATABASES = { pglite: ['pglite'], postgres: ['postgres'], both: ['postgres', 'pglite'] }[args.database];
if (!DATABASES) {
  console.error(`--database: expected postgres, pglite or both, got ${JSON.stringify(args.database)}`);
  process.exit(2);
}
const MEMBERS = positiveInt('members', args.members);
const BATCHES = positiveInt('batches', args.batches);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const DURATION = positiveInt('duration', args.duration);
const CONNECTIONS = positiveInt('connections', args.connections);

const percentile = (values, q) => {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : Number.NaN;
};
const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

/** A deterministic pseudo-random sequence, so two runs send the same records. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** POSTs one batch; answers the result and the latency in ms. */
async function postBatch(base, records) {
  stopIfInterrupted();
  const t0 = performance.now();
  const res = await fetch(`${base}${INGEST}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ records }),
  });
  const json = await res.json().catch(() => null);
  const ms = performance.now() - t0;
  if (!res.ok || json?.code !== 0) throw new Error(`POST ${INGEST}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return { data: json.data, ms };
}

/** What was sent, per user and sub-account, to compare with the database afterwards. */
class Ledger {
  total = 0;
  records = 0;
  perUser = new Map();
  perAccount = new Map();
  add(r) {
    this.total += r.bytes;
    this.records++;
    this.perUser.set(r.userId, (this.perUser.get(r.userId) ?? 0) + r.bytes);
    if (r.username) this.perAccount.set(r.username, (this.perAccount.get(r.username) ?? 0) + r.bytes);
  }
}

function record(id, userId, usedAt, username, next) {
  return {
    id,
    userId,
    bytes: 1000 + Math.floor(next() * 4_000_000),
    usedAt,
    username,
    host: DOMAINS[Math.floor(next() * DOMAINS.length)],
    country: COUNTRIES[Math.floor(next() * COUNTRIES.length)],
    protocol: PROTOCOLS[Math.floor(next() * PROTOCOLS.length)],
    requests: 1 + Math.floor(next() * 50),
    failedRequests: Math.floor(next() * 2),
  };
}

/** Members, each with 50 sub-accounts (created over the API as a member does). */
async function setUp(portal) {
  const t0 = performance.now();
  const { ids, tokens } = await createMembers(portal, MEMBERS, { password: PASSWORD });
  const accounts = await inPool(MEMBERS, 2, async (m) => {
    // The main account is created on first use.
    await api(portal.base, 'GET', '/app-api/ip/proxy-account/list', { token: tokens[m] });
    const names = await inPool(SUB_ACCOUNTS, 4, async (i) => {
      const account = await api(portal.base, 'POST', '/app-api/ip/proxy-account/create', {
        token: tokens[m],
        body: { name: `sub${String(i + 1).padStart(2, '0')}`, trafficCapMb: 1_000_000 },
      });
      return account.username;
    });
    return names;
  });
  console.log(`  ${MEMBERS} members, ${MEMBERS * SUB_ACCOUNTS} sub-accounts (${seconds(t0)} s)`);
  return { ids, tokens, accounts };
}

/**
 * 90 days of hourly usage of member 0 through the ingestion call: every hour, each of its 50
 * sub-accounts once (random domain, country), batches of 5,000 (100 hours each), 2 in flight.
 */
async function seed(portal, { ids, accounts }, ledger, now) {
  const t0 = performance.now();
  const next = random(1);
  const firstHour = Math.floor(now / HOUR_MS) * HOUR_MS - SEED_DAYS * 24 * HOUR_MS;
  const hours = SEED_DAYS * 24;
  const perBatch = SEED_BATCH / SEED_PER_HOUR;
  const batches = Math.ceil(hours / perBatch);
  await inPool(batches, 2, async (b) => {
    const records = [];
    for (let h = b * perBatch; h < Math.min(hours, (b + 1) * perBatch); h++)
      for (let a = 0; a < SEED_PER_HOUR; a++) {
        const r = record(`seed-${h}-${a}`, ids[0], firstHour + h * HOUR_MS + Math.floor(next() * HOUR_MS), accounts[0][a], next);
        records.push(r);
        ledger.add(r);
      }
    await postBatch(portal.base, records);
  });
  const s = (performance.now() - t0) / 1000;
  console.log(
    `  seeded ${ledger.records} records (${hours} hours × ${SEED_PER_HOUR}) of member ${ids[0]} through the ingestion call in ${s.toFixed(1)} s (${num(ledger.records / s)} records/s, batches of ${SEED_BATCH}, 2 in flight)`,
  );
}

/**
 * The timed ingestion: BATCHES batches of 500 records of every member (the current and the
 * previous UTC hour, random sub-account, domain, country), CONCURRENCY in flight; every 10th
 * request resends an earlier batch, which must count once.
 */
async function ingest(portal, { ids, accounts }, ledger, now) {
  const next = random(2);
  const batches = Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: BATCH }, (_, i) => {
      const m = Math.floor(next() * ids.length);
      const usedAt = now - Math.floor(next() * 2 * HOUR_MS);
      const username = next() < 0.9 ? accounts[m][Math.floor(next() * SUB_ACCOUNTS)] : undefined;
      return record(`live-${b}-${i}`, ids[m], usedAt, username, next);
    }),
  );
  for (const batch of batches) for (const r of batch) ledger.add(r);
  const resends = Math.floor(BATCHES / 10);
  // Request k: a fresh batch, or (every 10th) a resend of a batch sent some requests before.
  const plan = [];
  let fresh = 0;
  while (fresh < BATCHES) {
    if (plan.length % 10 === 9 && plan.length < BATCHES + resends) plan.push({ batch: Math.floor(next() * fresh), resend: true });
    else plan.push({ batch: fresh++, resend: false });
  }
  const latencies = [];
  let applied = 0;
  let duplicates = 0;
  const t0 = performance.now();
  await inPool(plan.length, CONCURRENCY, async (k) => {
    const { batch, resend } = plan[k];
    const { data, ms } = await postBatch(portal.base, batches[batch]);
    latencies.push(ms);
    applied += data.applied;
    duplicates += data.duplicates;
    return resend;
  });
  const s = (performance.now() - t0) / 1000;
  const sentRecords = plan.length * BATCH;
  return {
    requests: plan.length,
    resends: plan.filter((p) => p.resend).length,
    records: sentRecords,
    applied,
    duplicates,
    seconds: s,
    perSecond: sentRecords / s,
    freshPerSecond: applied / s,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: percentile(latencies, 1),
  };
}

/** The breakdown of member 0: groupBy subAccount, domain, country over 90 days by day; by hour over 31 days. */
async function breakdowns(portal, { tokens }, now) {
  const to = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  const cases = [];
  for (const groupBy of ['subAccount', 'domain', 'country'])
    cases.push({
      label: `${groupBy}, 90 days by day`,
      query: { from: to - SEED_DAYS * DAY_MS, to, granularity: 'day', groupBy },
    });
  for (const groupBy of ['subAccount', 'domain', 'country'])
    cases.push({ label: `${groupBy}, 31 days by hour`, query: { from: to - 31 * DAY_MS, to, granularity: 'hour', groupBy } });
  const rows = [];
  for (const { label, query } of cases) {
    const path = `${BREAKDOWN}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    // One answer looked at: the groups it must have.
    const t0 = performance.now();
    const answer = await api(portal.base, 'GET', path, { token: tokens[0] });
    const first = performance.now() - t0;
    const run = {
      base: portal.base,
      connections: CONNECTIONS,
      request: () => ({ method: 'GET', path, headers: { authorization: `Bearer ${tokens[0]}` } }),
      ok: (status) => status === 200,
    };
    await load({ ...run, duration: 1 });
    const r = await load({ ...run, duration: DURATION });
    rows.push({ label, groups: answer.groups.length, points: answer.points.length, first, ...r });
  }
  return rows;
}

/** Compares what was sent with the database: every record applied exactly once. */
async function checkTotals(portal, ledger, { ids, accounts }) {
  return withDatabase(portal, async (db) => {
    const problems = [];
    const q = async (text, params) => (await db.query(text, params)).rows;
    const [{ n }] = await q('select count(*)::int as n from usage_records where user_id = any($1)', [ids]);
    if (n !== ledger.records) problems.push(`usage_records: ${n} rows, ${ledger.records} records sent`);
    const dims = await q(
      `select dimension, user_id, sum(bytes)::bigint::text as bytes from usage_hourly where user_id = any($1) group by 1, 2`,
      [ids],
    );
    for (const dimension of ['account', 'domain', 'country'])
      for (const id of ids) {
        const got = Number(dims.find((d) => d.dimension === dimension && d.user_id === id)?.bytes ?? 0);
        const sent = ledger.perUser.get(id) ?? 0;
        if (got !== sent) problems.push(`usage_hourly ${dimension} of user ${id}: ${got} bytes, ${sent} sent`);
      }
    const usernames = accounts.flat();
    const used = await q('select username, used_bytes::bigint::text as used from proxy_accounts where username = any($1)', [
      usernames,
    ]);
    const wrong = used.filter((a) => Number(a.used) !== (ledger.perAccount.get(a.username) ?? 0));
    if (used.length !== usernames.length) problems.push(`${usernames.length - used.length} sub-accounts missing`);
    for (const a of wrong.slice(0, 5))
      problems.push(`sub-account ${a.username}: used ${a.used} bytes, ${ledger.perAccount.get(a.username) ?? 0} sent`);
    if (wrong.length > 5) problems.push(`... and ${wrong.length - 5} more sub-accounts`);
    const [{ bytes }] = await q(
      'select coalesce(sum(used_bytes), 0)::bigint::text as bytes from deduct_hour_records where user_id = any($1)',
      [ids],
    );
    if (Number(bytes) !== ledger.total) problems.push(`deduct_hour_records: ${bytes} bytes, ${ledger.total} sent`);
    return problems.length === 0
      ? `ok (${ledger.records} records, ${ledger.total} bytes: usage_records, usage_hourly per dimension and user, ` +
          `${usernames.length} sub-accounts' used bytes and deduct_hour_records all equal to what was sent, resends counted once)`
      : `MISMATCH\n    ${problems.join('\n    ')}`;
  });
}

async function benchPortal(name, databaseUrl) {
  const portal = await startPortal(name, databaseUrl, {
    env: { CAPTCHA_ENABLED: 'false', PROXY_NETWORK_API_KEY: API_KEY, PROXY_REQUIRE_CERTIFICATION: 'false' },
  });
  await portal.ready();
  console.log(`\n${name}`);
  const setup = await setUp(portal);
  const ledger = new Ledger();
  const now = Date.now();
  await seed(portal, setup, ledger, now);
  const ingestion = await ingest(portal, setup, ledger, now);
  const breakdown = await breakdowns(portal, setup, now);
  const tail = portal.proc.tail.slice();
  await portal.stop();
  const totals = await checkTotals(portal, ledger, setup);
  return { name, ingestion, breakdown, totals, tail };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function main() {
  const database = DATABASES.includes('postgres') ? await createBenchDatabase() : null;
  const hello = await startHelloWorld();
  await hello.ready();
  serverCommand('main');

  console.log('Usage bench (issue 31)');
  console.log(`  machine     ${machineLine()}`);
  console.log(`  node        ${process.version}`);
  console.log(`  load avg    ${loadAverage()} (1, 5, 15 min) at the start`);
  console.log('  server      compiled (node server/dist/main.js, as npm start)');
  console.log(
    `  databases   ${DATABASES.map((d) => (d === 'postgres' ? `PostgreSQL (${database.version})` : 'PGlite (embedded)')).join(', ')}`,
  );
  console.log(
    `  ingestion   ${BATCHES} batches of ${BATCH} + ${Math.floor(BATCHES / 10)} resent, ${CONCURRENCY} in flight, ${MEMBERS} members × ${SUB_ACCOUNTS} sub-accounts, ${DOMAINS.length} domains`,
  );
  console.log(`  breakdown   autocannon, ${CONNECTIONS} in flight, ${DURATION} s per query after 1 s warm-up`);

  const helloRun = {
    base: hello.base,
    connections: CONNECTIONS,
    request: () => ({ method: 'GET', path: '/hello' }),
    ok: (s) => s === 200,
  };
  await load({ ...helloRun, duration: 1 });
  const floor = await load({ ...helloRun, duration: DURATION });
  await hello.proc.stop();

  const results = [];
  for (const kind of DATABASES)
    results.push(await benchPortal(kind === 'postgres' ? 'PostgreSQL' : 'PGlite', kind === 'postgres' ? database.url : null));

  const iHeader = `${'ingestion (batches of 500)'.padEnd(30)} ${'batches'.padStart(7)} ${'records/s'.padStart(9)} ${'applied/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}`;
  console.log(`\n${iHeader}\n${'-'.repeat(iHeader.length)}`);
  for (const { name, ingestion: r } of results)
    console.log(
      `${name.padEnd(30)} ${String(r.requests).padStart(7)} ${num(r.perSecond).padStart(9)} ${num(r.freshPerSecond).padStart(9)} ${num(r.p50, 1).padStart(7)} ${num(r.p99, 1).padStart(7)} ${num(r.max, 1).padStart(7)}`,
    );
  console.log('goal: ≥ 20,000 records/s, p99 ≤ 250 ms (PostgreSQL); records/s counts resent records too, applied/s only the new');

  const bHeader = `${'breakdown (50 sub-accounts, 20 domains)'.padEnd(42)} ${'groups'.padStart(6)} ${'points'.padStart(6)} ${'KB'.padStart(5)} ${'req/s'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× hello p99'.padStart(11)} ${'errors'.padStart(6)} ${'alone ms'.padStart(8)}`;
  console.log(`\n${bHeader}\n${'-'.repeat(bHeader.length)}`);
  const bLine = (label, r, groups = '', points = '') =>
    `${label.padEnd(42)} ${String(groups).padStart(6)} ${String(points).padStart(6)} ${num(r.bytesPerResponse / 1024).padStart(5)} ${num(r.perSecond).padStart(6)} ${num(r.p50, 2).padStart(7)} ${num(r.p99, 2).padStart(7)} ${num(r.p99 / floor.p99, 1).padStart(11)} ${String(r.errors).padStart(6)} ${num(r.first, 1).padStart(8)}`;
  console.log(bLine('hello-world (bare Fastify)', floor));
  for (const { name, breakdown } of results)
    for (const r of breakdown) console.log(bLine(`${name.padEnd(10)}  ${r.label}`, r, r.groups, r.points));
  console.log(
    'goal: p99 ≤ 100 ms for 90 days by day; alone = one request with nothing else in flight; req/s 0 = no answer within the run',
  );
  console.log('');
  console.log(`load average ${loadAverage()} (1, 5, 15 min) at the end`);
  for (const { name, totals } of results) console.log(`totals ${name}: ${totals}`);
  for (const { name, tail } of results)
    if (tail.length > 0) console.log(`\n${name} server output (last ${tail.length} lines):\n${tail.join('\n')}`);
  if (results.some((r) => r.totals.startsWith('MISMATCH'))) process.exitCode = 1;
}

await runBenchmark(main);
