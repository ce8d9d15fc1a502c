#!/usr/bin/env node
// Benchmark (not a test): the API calls every page of a logged-in user makes, next to a bare
// Fastify hello-world in the same run, on the embedded database (PGlite) and on real PostgreSQL:
// an authenticated read (GET /app-api/ip/member-user/get: session check plus the user's row) and
// the public catalogue (the package prices). Warm: each scenario runs a short warm-up first.
// Prints req/s, p50, p99 and the ratio to the hello-world; never fails on timing.
//
// Usage: node bench/api-throughput.mjs [--duration <s>] [--concurrency <n>]
//
// The PostgreSQL server is the one of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres):
// a fresh database portal_bench_<random> is created there and dropped at the end, also on failure or Ctrl-C.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  freePort,
  load,
  machineLine,
  positiveInt,
  releases,
  ROOT,
  runBenchmark,
  startChild,
  startHelloWorld,
  TSX,
  waitFor,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const WARMUP_SECONDS = Math.min(2, DURATION);
/** The sandbox's demo member (server/src/modules/accounts/seed.ts). */
const DEMO = { mobile: '13800138000', password: 'Demo@123456' };

/** A portal server on a fresh data folder, on PGlite (no url) or on the PostgreSQL database `url`. */
async function startPortal(name, databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-api-'));
  releases.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX: 'true',
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const proc = startChild(name, TSX, ['server/src/main.ts'], { cwd: ROOT, env });
  const base = `http://127.0.0.1:${port}`;
  return { name, base, proc, ready: () => waitFor(`${base}/healthz`, proc) };
}

async function login(base) {
  const res = await fetch(`${base}/app-api/member/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function main() {
  const database = await createBenchDatabase();
  const hello = await startHelloWorld();
  const portals = [await startPortal('PGlite', null), await startPortal('PostgreSQL', database.url)];
  await Promise.all([hello.ready(), ...portals.map((p) => p.ready())]);

  console.log('API throughput');
  console.log(`  machine     ${machineLine()}`);
  console.log(`  node        ${process.version}`);
  console.log(`  postgresql  ${database.version}`);
  console.log(`  load        autocannon, ${CONCURRENCY} in flight, ${DURATION} s per scenario after ${WARMUP_SECONDS} s warm-up`);

  const rows = [];
  const measure = async (scenario, base, pathname, headers = {}) => {
    const run = { base, connections: CONCURRENCY, request: () => ({ method: 'GET', path: pathname, headers }) };
    const check = await fetch(`${base}${pathname}`, { headers });
    const body = check.headers.get('content-type')?.includes('json') ? await check.json() : null;
    if (check.status !== 200 || (body && 'code' in body && body.code !== 0))
      throw new Error(`${scenario}: GET ${pathname} answered ${check.status} ${JSON.stringify(body)}`);
    await load({ ...run, duration: WARMUP_SECONDS });
    rows.push({ scenario, ...(await load({ ...run, duration: DURATION })) });
  };

  await measure('hello-world (bare Fastify)', hello.base, '/hello');
  for (const portal of portals) {
    const token = await login(portal.base);
    await measure(`${portal.name}  member-user/get`, portal.base, '/app-api/ip/member-user/get', {
      authorization: `Bearer ${token}`,
    });
    await measure(`${portal.name}  package prices`, portal.base, '/app-api/ip/traffic-combo-product-price/list');
  }

  const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
  const floor = rows[0].perSecond;
  const header = `${'scenario'.padEnd(30)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× hello'.padStart(8)} ${'errors'.padStart(6)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(30)} ${num(r.perSecond).padStart(8)} ${num(r.p50, 2).padStart(7)} ${num(r.p99, 2).padStart(7)} ${num(r.perSecond / floor, 2).padStart(8)} ${String(r.errors).padStart(6)}`,
    );
  }
  for (const portal of portals)
    if (portal.proc.tail.length > 0)
      console.log(`\n${portal.name} server output (last ${portal.proc.tail.length} lines):\n${portal.proc.tail.join('\n')}`);
}

await runBenchmark(main);
