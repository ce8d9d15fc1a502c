#!/usr/bin/env node
// `npm run bench`: every figure of issue 29 in one run, from one build, on one server per database
// started as `npm start` starts it (node server/dist/main.js with SERVER_NODE_FLAGS, the remotes
// published, its default LOG_LEVEL info), then one summary table: each figure, its floor measured
// in the same run, the ratio and the goal.
//
//   1. page-weight.mjs  every public page in both languages, cold, CPU ×4: JS received (br) and
//                       decoded, LCP ÷ a static page with the same heading; an English browser
//                       opening `/`: first paint and the language painted
//   2. bundle.mjs       the home page's JS (both languages) by package, from the build's source maps
//   3. html-throughput  a cached page (br, 32 in flight) ÷ a bare Fastify sending the same bytes
//   4. commerce.mjs     catalogue and user-info reads ÷ a hello-world (members made through ops)
//   5. memory           RSS of the server's process tree after all of the above (pages rendered)
//   6. lighthouse.mjs   Lighthouse 12.2.3 mobile on every public page in both languages
//   Steps 3–5 run again on PostgreSQL when DATABASE_URL is set (a fresh database on its server).
//
// Usage: npm run bench [-- --no-build] [--quick] [--only weight,bundle,html,api,lighthouse]
//                         [--runs 3] [--lighthouse-runs 1] [--duration 5]
//   --quick: one visit per page, 3 s load runs, 10 members (≈ half the time); --only: those steps
//   (memory is read whenever a server ran). The server listens on BENCH_PORT (8294; PostgreSQL's
//   on BENCH_PORT + 1). Differences from `npm start`, all needed by the measurements: CAPTCHA_ENABLED=false
//   (the members' and the demo's logins go through the API), a fresh DATA_DIR, HOST 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApps, buildServer } from '../scripts/lib.mjs';
import { analyse } from './bundle.mjs';
import { createBenchDatabase, machineLine, memoryOf, positiveInt, ROOT, releases, runBenchmark, startPortal } from './lib.mjs';

const STEPS = ['weight', 'bundle', 'html', 'api', 'lighthouse'];
const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    runs: { type: 'string' },
    'lighthouse-runs': { type: 'string', default: '1' },
    duration: { type: 'string' },
  },
});
const ONLY = args.only ? args.only.split(',').map((s) => s.trim()) : STEPS;
const unknown = ONLY.find((s) => !STEPS.includes(s));
if (unknown) {
  console.error(`--only: expected some of ${STEPS.join(',')}, got ${JSON.stringify(unknown)}`);
  process.exit(2);
}
const runs = (step) => ONLY.includes(step);
const RUNS = positiveInt('runs', args.runs ?? (args.quick ? '1' : '3'));
const LH_RUNS = positiveInt('lighthouse-runs', args['lighthouse-runs']);
const DURATION = positiveInt('duration', args.duration ?? (args.quick ? '3' : '5'));
const USERS = args.quick ? '10' : '50';
const PORT = Number(process.env.BENCH_PORT ?? 8294);
/** The goals of issue 29's table. */
const GOALS = {
  homeJs: 170 * 1024,
  lcpRatio: 1.5,
  cachedPage: 0.5,
  reads: 0.5,
  rss: { PGlite: 400, PostgreSQL: 300 },
  lhPerformance: 95,
  lhTbt: 200,
  lhSeo: 100,
};

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-run-'));
const out = (name) => path.join(work, `${name}.json`);
const readJson = (name) => JSON.parse(readFileSync(out(name), 'utf8'));

/** A bench script as a child, its output shown as it comes; rejects when it fails. */
function script(file, argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'bench', file), ...argv], { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`bench/${file} failed (${code ?? signal})`))));
  });
}

const heading = (text) => console.log(`\n${'='.repeat(100)}\n${text}\n${'='.repeat(100)}`);
const sleep = (seconds) => new Promise((r) => setTimeout(r, seconds * 1000));

/** One server as npm start runs it (the steps' servers need the same build), its steps, its memory. */
async function benchServer(name, databaseUrl, port, { browserSteps }) {
  const portal = await startPortal(name, databaseUrl, {
    publishRemotes: true,
    port,
    env: { LOG_LEVEL: undefined, CAPTCHA_ENABLED: 'false', ANALYTICS_SCRIPT_URL: undefined },
  });
  await portal.ready();
  const env = { ...process.env, ...portal.env, BENCH_SERVER_BUILT: '1' };
  // The steps' operator CLI must reach this portal's database: the PGlite pass drops the
  // DATABASE_URL the PostgreSQL pass needs, or its members would be made on PostgreSQL.
  if (!databaseUrl) delete env.DATABASE_URL;
  const base = ['--base', portal.base];
  const result = { name };
  if (browserSteps && runs('weight')) {
    heading(`${name}: page weight, LCP ÷ static floor, first paint of an English browser (runs: ${RUNS})`);
    await script('page-weight.mjs', [...base, '--no-build', '--runs', String(RUNS), '--json', out('weight')], env);
    result.weight = readJson('weight');
  }
  if (runs('html')) {
    heading(`${name}: cached page answers ÷ the same bytes from a bare Fastify`);
    await script(
      'html-throughput.mjs',
      [...base, '--name', name, '--duration', String(DURATION), '--json', out(`html-${name}`)],
      env,
    );
    result.html = readJson(`html-${name}`);
  }
  if (runs('api')) {
    heading(`${name}: catalogue and user-info reads ÷ hello-world (server at its default LOG_LEVEL)`);
    await script(
      'commerce.mjs',
      [
        ...base,
        '--name',
        name,
        '--only',
        'catalogue,userInfo',
        '--duration',
        String(DURATION),
        '--users',
        USERS,
        '--json',
        out(`api-${name}`),
      ],
      env,
    );
    result.api = readJson(`api-${name}`);
  }
  if (browserSteps && runs('lighthouse')) {
    heading(`${name}: Lighthouse 12.2.3 mobile`);
    await script('lighthouse.mjs', [...base, '--runs', String(LH_RUNS), '--json', out('lighthouse')], env);
    result.lighthouse = readJson('lighthouse');
  }
  // After the load and the page renders: the settled memory of the server and anything it started.
  await sleep(3);
  result.rss = memoryOf(portal.proc.child.pid).rss;
  console.log(`\n${name}: RSS of the server's process tree after the steps above: ${result.rss.toFixed(0)} MB`);
  await portal.stop();
  return result;
}

/** Packages smaller than this (raw) are summed on one line of the bundle analysis. */
const SMALL_GROUP = 2 * 1024;
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
const ms = (n) => `${Math.round(n)} ms`;
const x = (n) => `${n.toFixed(2)}×`;

function summary(results, bundles) {
  const rows = [];
  const row = (figure, value, floor, ratio, goal, ok) => rows.push({ figure, value, floor, ratio, goal, ok });
  for (const r of results) {
    const w = r.weight;
    if (w) {
      for (const home of ['/', '/en']) {
        const h = w.rows.find((p) => p.path === home);
        if (h)
          row(
            `home ${home} JS received (br), ${h.jsFiles} files`,
            `${kB(h.jsReceived)} (${kB(h.jsRaw)} decoded)`,
            '-',
            '-',
            `≤ ${kB(GOALS.homeJs)}`,
            h.jsReceived <= GOALS.homeJs,
          );
      }
      for (const p of w.rows.filter((p) => p.public))
        row(
          `LCP ${p.path}`,
          ms(p.lcp),
          ms(p.floor),
          x(p.lcp / p.floor),
          `≤ ${GOALS.lcpRatio}×`,
          p.lcp / p.floor <= GOALS.lcpRatio,
        );
      const fp = w.firstPaint;
      row(
        'English browser opens /: first paint',
        `${ms(fp.at)} on ${fp.runs[0].path}, ${fp.chinese ? 'Chinese' : 'English'} painted`,
        '-',
        '-',
        'no Chinese',
        !fp.chinese,
      );
    }
    for (const p of r.html?.pages ?? [])
      row(
        `${r.name} cached page ${p.path} (br, ${p.bytes} B)`,
        `${Math.round(p.page.perSecond)}/s`,
        `${Math.round(p.floor.perSecond)}/s same bytes`,
        x(p.page.perSecond / p.floor.perSecond),
        `≥ ${GOALS.cachedPage}×`,
        p.page.perSecond / p.floor.perSecond >= GOALS.cachedPage,
      );
    if (r.api) {
      const hello = r.api.hello.perSecond;
      const reads = r.api.results[0].rows;
      for (const [key, label] of [
        ['catalogue', 'catalogue read'],
        ['userInfo', 'user-info read'],
      ])
        if (reads[key])
          row(
            `${r.name} ${label} (LOG_LEVEL info)`,
            `${Math.round(reads[key].perSecond)}/s`,
            `${Math.round(hello)}/s hello`,
            x(reads[key].perSecond / hello),
            `≥ ${GOALS.reads}×`,
            reads[key].perSecond / hello >= GOALS.reads,
          );
    }
    row(
      `${r.name} RSS after the load`,
      `${r.rss.toFixed(0)} MB`,
      '-',
      '-',
      `≤ ${GOALS.rss[r.name]} MB`,
      r.rss <= GOALS.rss[r.name],
    );
    for (const p of r.lighthouse?.rows ?? []) {
      row(
        `Lighthouse ${p.path}`,
        `perf ${p.performance.toFixed(0)}, LCP ${ms(p.lcp)}, TBT ${ms(p.tbt)}, SEO ${p.seo.toFixed(0)}`,
        '-',
        '-',
        `perf ≥ ${GOALS.lhPerformance}, TBT ≤ ${GOALS.lhTbt} ms, SEO ${GOALS.lhSeo}`,
        p.performance >= GOALS.lhPerformance && p.tbt <= GOALS.lhTbt && p.seo >= GOALS.lhSeo,
      );
    }
  }
  for (const [home, b] of Object.entries(bundles)) {
    console.log(`\nJavaScript of ${home} by package (from the source maps; br = the group compressed alone):`);
    console.log(`  ${'package'.padEnd(44)} ${'raw'.padStart(10)} ${'br'.padStart(10)}`);
    const small = b.groups.filter((g) => g.raw < SMALL_GROUP);
    for (const g of b.groups.filter((g) => g.raw >= SMALL_GROUP))
      console.log(`  ${g.name.padEnd(44)} ${kB(g.raw).padStart(10)} ${kB(g.br).padStart(10)}`);
    if (small.length)
      console.log(
        `  ${`(${small.length} more, each under ${kB(SMALL_GROUP)})`.padEnd(44)} ${kB(small.reduce((t, g) => t + g.raw, 0)).padStart(10)} ${kB(small.reduce((t, g) => t + g.br, 0)).padStart(10)}`,
      );
    console.log(
      `  ${'total'.padEnd(44)} ${kB(b.groups.reduce((t, g) => t + g.raw, 0)).padStart(10)} ${kB(b.groups.reduce((t, g) => t + g.br, 0)).padStart(10)}  (received on the wire: ${kB(b.received)})`,
    );
    if (b.missingMaps.length) console.log(`  no source map for: ${b.missingMaps.join(', ')}`);
  }
  const widths = ['figure', 'value', 'floor', 'ratio', 'goal'].map((k) =>
    Math.max(k.length, ...rows.map((r) => String(r[k]).length)),
  );
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  heading('Summary (floors measured in the same run; ratios are what the goals are about)');
  console.log(`  ${line(['figure', 'value', 'floor', 'ratio', 'goal'])}  ok`);
  for (const r of rows) console.log(`  ${line([r.figure, r.value, r.floor, r.ratio, r.goal])}  ${r.ok ? 'ok' : 'MISSED'}`);
  console.log(`\n  ${rows.filter((r) => r.ok).length} of ${rows.length} figures meet their goal.`);
}

async function main() {
  const started = Date.now();
  console.log(`npm run bench: ${machineLine()}, node ${process.version}; steps: ${ONLY.join(', ')}`);
  if (!args['no-build']) {
    heading('Build (every app with hidden source maps for the bundle analysis, then the server)');
    // The served files are the same bytes as a normal build's; only the .map files are added.
    process.env.PORTAL_SOURCE_MAPS = 'hidden';
    if (buildApps() !== 0) throw new Error('building the apps failed');
    if (buildServer() !== 0) throw new Error('building the server failed');
  }
  releases.push(() => rmSync(work, { recursive: true, force: true }));
  const results = [await benchServer('PGlite', null, PORT, { browserSteps: true })];
  if (process.env.DATABASE_URL && (runs('html') || runs('api'))) {
    const database = await createBenchDatabase();
    console.log(`\nPostgreSQL: ${database.version}`);
    results.push(await benchServer('PostgreSQL', database.url, PORT + 1, { browserSteps: false }));
  } else console.log('\n(no PostgreSQL pass: DATABASE_URL is not set)');

  const bundles = {};
  if (runs('bundle') && results[0].weight)
    for (const [home, files] of Object.entries(results[0].weight.homeJs)) bundles[home] = analyse(files);
  summary(results, bundles);
  console.log(`\nTotal run time: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
}

await runBenchmark(main);
