#!/usr/bin/env node
// The page cache under the load of issue 27 (finding 1): one page asked for under thousands of
// made-up Host headers, and hundreds of made-up 404 paths, against the compiled server on PGlite
// with the real shell and remotes. Prints the server's memory before, at its peak, after the load
// and after a pause, and how many answers came with server-rendered markup.
//
//   node bench/page-cache-storm.mjs [--hosts 2100] [--paths 300] [--concurrency 16] [--pause 15]
//
// Needs the shell and the remotes built (npm start builds everything).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { load, machineLine, memoryOf, positiveInt, ROOT, runBenchmark, sampleMemory, startPortal } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    hosts: { type: 'string', default: '2100' },
    paths: { type: 'string', default: '300' },
    concurrency: { type: 'string', default: '16' },
    pause: { type: 'string', default: '15' },
  },
});
const HOSTS = positiveInt('hosts', args.hosts);
const PATHS = positiveInt('paths', args.paths);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
const PAUSE_S = positiveInt('pause', args.pause);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (v) => `${v.toFixed(0)} MB`;

async function main() {
  if (!existsSync(path.join(ROOT, 'shell/dist/ssr/index.js'))) throw new Error('build the shell and the remotes first');
  const portal = await startPortal('PGlite', null, { publishRemotes: true });
  await portal.ready();
  // The server renders every public page once after it starts (warm): let that settle.
  await sleep(10_000);
  const pid = portal.proc.child.pid;
  const before = memoryOf(pid).rss;

  const requests = [
    ...Array.from({ length: HOSTS }, (_, i) => ({ method: 'GET', path: '/en/buy', headers: { host: `h${i}.storm.example` } })),
    ...Array.from({ length: PATHS }, (_, i) => ({
      method: 'GET',
      path: `/en/x${i}-${Math.random().toString(36).slice(2, 8)}`,
      headers: { host: 'localhost' },
    })),
  ];
  let next = 0;
  let identity = 0;
  let withMarkup = 0;
  const statuses = new Map();
  const sampler = sampleMemory(pid);
  const started = performance.now();
  const result = await load({
    base: portal.base,
    connections: CONCURRENCY,
    amount: requests.length,
    // Every other request as a browser sends it (the answer is compressed, and its compressed
    // forms are kept too), the others uncompressed, so their bodies show whether markup came.
    request: () => {
      const r = requests[next % requests.length];
      const encoding = next++ % 2 ? 'gzip, deflate, br' : 'identity';
      return { ...r, headers: { ...r.headers, accept: 'text/html', 'accept-encoding': encoding } };
    },
    ok: (status, body, headers) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (!headers['content-encoding']) {
        identity++;
        if (!body.includes('<div id="root"></div>')) withMarkup++;
      }
      return status === 200 || status === 404;
    },
  });
  const seconds = (performance.now() - started) / 1000;
  sampler.stop();
  const after = memoryOf(pid).rss;
  await sleep(PAUSE_S * 1000);
  const later = memoryOf(pid).rss;

  console.log('Page cache under a storm of made-up hosts and 404 paths');
  console.log(`  machine   ${machineLine()}`);
  console.log(`  node      ${process.version}`);
  console.log(`  load      GET /en/buy under ${HOSTS} Host values + ${PATHS} random /en/x… paths, ${CONCURRENCY} in flight`);
  console.log(
    `  answers   ${result.requests} in ${seconds.toFixed(1)} s (${result.perSecond.toFixed(0)}/s), p99 ${result.p99.toFixed(0)} ms`,
  );
  console.log(
    `  statuses  ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}; server-rendered markup in ${withMarkup} of the ${identity} uncompressed answers`,
  );
  console.log(`  memory    before ${mb(before)}, peak ${mb(sampler.peak)}, after ${mb(after)}, ${PAUSE_S} s later ${mb(later)}`);
  console.log(`  growth    ${mb(later - before)} (${(((later - before) * 1024) / (HOSTS + PATHS)).toFixed(1)} kB per request)`);
  if (portal.proc.tail.length > 0) console.log(`\nserver output (last lines):\n${portal.proc.tail.slice(-10).join('\n')}`);
}

await runBenchmark(main);
