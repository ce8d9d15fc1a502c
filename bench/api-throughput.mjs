#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createBenchDatabase, load, machineLine, positiveInt, runBenchmark, startHelloWorld, startPortal } from './lib.mjs';

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
/** The bench logs the demo member in through the API. */
const LOGIN_WITHOUT_CAPTCHA = { env: { CAPTCHA_ENABLED: 'false' } };

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
  const portals = [
    await startPortal('PGlite', null, LOGIN_WITHOUT_CAPTCHA),
    await startPortal('PostgreSQL', database.url, LOGIN_WITHOUT_CAPTCHA),
  ];
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
