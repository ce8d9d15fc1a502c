#!/usr/bin/env node
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, load, machineLine, positiveInt, ROOT, runBenchmark, startHelloWorld, startPortal } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const WARMUP_SECONDS = Math.min(2, DURATION);
/** The goal of the issue "First visit at the speed of a static page": a page at ≥ 0.3× the floor. */
const GOAL = 0.3;
/** What a browser sends: the page answer is then compressed (brotli) on the fly. */
const BROWSER_ENCODING = 'gzip, deflate, br';

async function main() {
  const shellDist = path.resolve(ROOT, process.env.SHELL_DIST ?? 'shell/dist');
  if (!existsSync(path.join(shellDist, 'index.html'))) {
    throw new Error(`${shellDist}/index.html is missing: build the shell first (npx pnpm@10.34.8 --filter @portal/shell build)`);
  }
  const database = await createBenchDatabase();
  const hello = await startHelloWorld();
  const portals = [
    await startPortal('PGlite', null, { publishRemotes: true }),
    await startPortal('PostgreSQL', database.url, { publishRemotes: true }),
  ];
  await Promise.all([hello.ready(), ...portals.map((p) => p.ready())]);

  console.log('Page HTML throughput');
  console.log(`  machine     ${machineLine()}`);
  console.log(`  node        ${process.version}`);
  console.log(`  postgresql  ${database.version}`);
  console.log(`  load        autocannon, ${CONCURRENCY} in flight, ${DURATION} s per scenario after ${WARMUP_SECONDS} s warm-up`);

  const rows = [];
  const measure = async (scenario, base, pathname, headers = {}) => {
    const run = { base, connections: CONCURRENCY, request: () => ({ method: 'GET', path: pathname, headers }) };
    const check = await fetch(`${base}${pathname}`, { headers });
    if (check.status !== 200) throw new Error(`${scenario}: GET ${pathname} answered ${check.status}`);
    await load({ ...run, duration: WARMUP_SECONDS });
    rows.push({ scenario, ...(await load({ ...run, duration: DURATION })) });
  };

  await measure('hello-world (bare Fastify)', hello.base, '/hello');
  for (const portal of portals) {
    await measure(`${portal.name}  /en/buy`, portal.base, '/en/buy');
    await measure(`${portal.name}  /`, portal.base, '/');
    await measure(`${portal.name}  /en/buy (br)`, portal.base, '/en/buy', { 'accept-encoding': BROWSER_ENCODING });
  }

  const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
  const floor = rows[0].perSecond;
  const header = `${'scenario'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× hello'.padStart(8)} ${'B/resp'.padStart(7)} ${'errors'.padStart(6)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(28)} ${num(r.perSecond).padStart(8)} ${num(r.p50, 2).padStart(7)} ${num(r.p99, 2).padStart(7)} ${num(r.perSecond / floor, 2).padStart(8)} ${num(r.bytesPerResponse).padStart(7)} ${String(r.errors).padStart(6)}`,
    );
  }
  const pages = rows.slice(1);
  const worst = pages.reduce((a, b) => (b.perSecond < a.perSecond ? b : a));
  console.log(
    `\ngoal: every page ≥ ${GOAL}× hello-world — ${worst.perSecond / floor >= GOAL ? 'met' : 'NOT met'} (lowest: ${worst.scenario.replace(/\s+/g, ' ')} at ${num(worst.perSecond / floor, 2)}×)`,
  );
  console.log('B/resp: bytes on the wire per answer, headers included; (br): Accept-Encoding of a browser');
  for (const portal of portals)
    if (portal.proc.tail.length > 0)
      console.log(`\n${portal.name} server output (last ${portal.proc.tail.length} lines):\n${portal.proc.tail.join('\n')}`);
}

await runBenchmark(main);
