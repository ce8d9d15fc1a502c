#!/usr/bin/env node
// Benchmark (not a test): cached page answers per second, next to two floors measured in the same
// run: a bare Fastify hello-world, and a bare Fastify sending the SAME bytes (the page's answer as
// it came off the wire: status, headers and brotli body) — so the ratio to the latter is what the
// portal's own path costs, whatever the page weighs.
//
// Usage: npm run bench:html [-- --duration 5] [--concurrency 32] [--base <url> [--name <label>]] [--json <file>]
//   Without --base: a PGlite portal and a PostgreSQL one (DATABASE_URL's server) are started for the
//   run. With --base: that running portal only (npm run bench passes its own).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase, load, machineLine, positiveInt, ROOT, runBenchmark, startPortal } from './lib.mjs';
import { rawAnswer, startHelloWorld, startSameBytes } from './floors.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    base: { type: 'string' },
    name: { type: 'string', default: 'portal' },
    json: { type: 'string' },
  },
});
const DURATION = positiveInt('duration', args.duration);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const WARMUP_SECONDS = Math.min(2, DURATION);
/** Goals of issue 29: a cached page ≥ 0.5× the same bytes from a bare Fastify. */
const GOAL_SAME_BYTES = 0.5;
/** What a browser sends: the page answer is then brotli, from the page cache. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9' };
const PAGES = ['/', '/en/buy'];

async function main() {
  const shellDist = path.resolve(ROOT, process.env.SHELL_DIST ?? 'shell/dist');
  if (!args.base && !existsSync(path.join(shellDist, 'index.html'))) {
    throw new Error(`${shellDist}/index.html is missing: build the shell first (npx pnpm@10.34.8 --filter @portal/shell build)`);
  }
  const hello = await startHelloWorld();
  let portals;
  let database = null;
  if (args.base) portals = [{ name: args.name, base: args.base.replace(/\/$/, '') }];
  else {
    database = await createBenchDatabase();
    portals = [
      await startPortal('PGlite', null, { publishRemotes: true }),
      await startPortal('PostgreSQL', database.url, { publishRemotes: true }),
    ];
  }
  await Promise.all([hello.ready(), ...portals.filter((p) => p.ready).map((p) => p.ready())]);

  console.log('Page HTML throughput');
  console.log(`  machine     ${machineLine()}`);
  console.log(`  node        ${process.version}`);
  if (database) console.log(`  postgresql  ${database.version}`);
  console.log(`  load        autocannon, ${CONCURRENCY} in flight, ${DURATION} s per scenario after ${WARMUP_SECONDS} s warm-up`);

  const rows = [];
  const measure = async (scenario, base, pathname, headers = {}) => {
    const run = { base, connections: CONCURRENCY, request: () => ({ method: 'GET', path: pathname, headers }) };
    const check = await fetch(`${base}${pathname}`, { headers });
    if (check.status !== 200) throw new Error(`${scenario}: GET ${pathname} answered ${check.status}`);
    await load({ ...run, duration: WARMUP_SECONDS });
    const row = { scenario, ...(await load({ ...run, duration: DURATION })) };
    rows.push(row);
    return row;
  };

  const helloRow = await measure('hello-world (bare Fastify)', hello.base, '/hello');
  await hello.proc.stop();
  const pages = [];
  for (const portal of portals) {
    for (const pathname of PAGES) {
      // Asked twice first: the second answer comes from the page cache, and is the one copied.
      await rawAnswer(portal.base, pathname, BROWSER);
      const answer = await rawAnswer(portal.base, pathname, BROWSER);
      if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br')
        throw new Error(
          `GET ${pathname}: ${answer.status} ${answer.headers['content-encoding'] ?? 'identity'}, expected a 200 in br`,
        );
      const same = await startSameBytes(pathname, answer);
      await same.ready();
      const floor = await measure(`same bytes  ${pathname} (br)`, same.base, pathname, BROWSER);
      await same.proc.stop();
      const page = await measure(`${portal.name}  ${pathname} (br)`, portal.base, pathname, BROWSER);
      pages.push({ portal: portal.name, path: pathname, bytes: answer.body.length, page, floor, hello: helloRow });
    }
  }

  const num = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
  const floor = helloRow.perSecond;
  const header = `${'scenario'.padEnd(32)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'× hello'.padStart(8)} ${'B/resp'.padStart(7)} ${'errors'.padStart(6)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(32)} ${num(r.perSecond).padStart(8)} ${num(r.p50, 2).padStart(7)} ${num(r.p99, 2).padStart(7)} ${num(r.perSecond / floor, 2).padStart(8)} ${num(r.bytesPerResponse).padStart(7)} ${String(r.errors).padStart(6)}`,
    );
  }
  console.log('');
  for (const p of pages) {
    const ratio = p.page.perSecond / p.floor.perSecond;
    console.log(
      `${p.portal} ${p.path} (br, ${p.bytes} B body): ${num(ratio, 2)}× the same bytes from a bare Fastify — goal ≥ ${GOAL_SAME_BYTES}× ${ratio >= GOAL_SAME_BYTES ? 'met' : 'NOT met'}`,
    );
  }
  console.log('B/resp: bytes on the wire per answer, headers included; (br): Accept-Encoding of a browser');
  if (args.json) writeFileSync(args.json, JSON.stringify({ pages }, null, 2));
  for (const portal of portals)
    if (portal.proc?.tail.length > 0)
      console.log(`\n${portal.name} server output (last ${portal.proc.tail.length} lines):\n${portal.proc.tail.join('\n')}`);
}

await runBenchmark(main);
