// Helpers shared by the server benchmarks (commerce.mjs, html-throughput.mjs): clean-up on exit and
// Ctrl-C, child servers (the compiled server, as `npm start` runs it), a fresh PostgreSQL database,
// a bare Fastify hello-world, the load generator (autocannon) with per-response latencies, and the
// memory of a server process. One benchmark per process.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildServer, SERVER_ENTRIES, SERVER_NODE_FLAGS } from '../scripts/lib.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TSX = path.join(ROOT, 'server/node_modules/.bin/tsx');
export const requireServer = createRequire(path.join(ROOT, 'server/package.json'));
const pg = requireServer('pg');

export const positiveInt = (name, value) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name}: expected a whole number of 1 or more, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return n;
};

// ---------------------------------------------------------------------------------------------
// Clean-up: every resource registers its release as soon as it exists; run once, in reverse order,
// at the end, on failure and on Ctrl-C.

export const releases = [];
let cleaning = null;
let interrupted = false;
/** The load runs under way: stopped first on Ctrl-C, so the server is not kept busy while it closes. */
const running = new Set();
export const isInterrupted = () => interrupted;
export const stopIfInterrupted = () => {
  if (interrupted) throw new Error('interrupted');
};
export function cleanUp() {
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
    console.error(`\n${signal}: stopping the servers and dropping the databases`);
    for (const instance of running) instance.stop();
    cleanUp().finally(() => process.exit(130));
  });
}

/** Runs `main`, then cleans up; an error is printed and sets exit code 1 (not on Ctrl-C). */
export async function runBenchmark(main) {
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
}

/** Spawns a child whose output is kept (last lines) for error messages; registers its stop. */
export function startChild(name, command, argv, options) {
  const child = spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const keep = (chunk) => {
    tail.push(...String(chunk).split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // The server lets in-flight requests finish, then waits for keep-alive connections (ours, when
    // interrupted mid-request); a second signal makes it exit at once.
    child.kill('SIGTERM');
    const timers = [setTimeout(() => child.kill('SIGTERM'), 3000), setTimeout(() => child.kill('SIGKILL'), 10_000)];
    await exited;
    for (const timer of timers) clearTimeout(timer);
  };
  releases.push(stop);
  return { name, child, tail, exited, stop };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, proc) {
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

/**
 * A fresh database portal_bench_<random> on the server of DATABASE_URL (default the local
 * PostgreSQL), dropped at clean-up. Returns its URL and the server's version string.
 */
export async function createBenchDatabase() {
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
  const version = (await adminQuery('select version()')).rows[0].version;
  return { url: dbUrl.toString(), version };
}

export function machineLine() {
  return `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`;
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
 * @param {number} o.connections requests in flight
 * @param {() => object} o.request the next request: {method, path, headers?, body?}
 * @param {(status: number, body: string, headers: Record<string, string>) => boolean} [o.ok] whether a
 *   response is the expected one (buffers every body: leave it out for a lighter generator, then any
 *   2xx counts as good)
 * @param {number} [o.duration] seconds; or
 * @param {number} [o.amount] requests
 */
export function load({ base, connections, request, ok, duration, amount }) {
  stopIfInterrupted();
  return new Promise((resolve, reject) => {
    const latencies = [];
    let good = 0;
    let bad = 0;
    const started = performance.now();
    let lastAnswerAt = null;
    // let, set below: autocannon may call back at once (an invalid option).
    let instance = null;
    instance = autocannon(
      {
        url: base,
        connections: amount ? Math.min(connections, amount) : connections,
        ...(amount ? { amount } : { duration }),
        timeout: 30,
        requests: [
          {
            setupRequest: (defaults) => {
              const r = request();
              return { ...defaults, ...r, headers: { ...defaults.headers, ...r.headers } };
            },
            ...(ok && {
              onResponse: (status, body, _context, headers) => {
                if (ok(status, body, headers ?? {})) good++;
                else bad++;
              },
            }),
          },
        ],
      },
      (err, result) => {
        running.delete(instance);
        if (err || interrupted) return reject(err ?? new Error('interrupted'));
        // Up to the last answer: autocannon reports completion on its next one-second tick, which
        // would round a fixed `amount` of requests up to whole seconds.
        const seconds = ((lastAnswerAt ?? performance.now()) - started) / 1000;
        const sorted = Float64Array.from(latencies).sort();
        if (!ok) {
          good = result['2xx'];
          bad = result.non2xx;
        }
        resolve({
          requests: latencies.length,
          perSecond: latencies.length / seconds,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          bytesPerResponse: latencies.length ? result.throughput.total / latencies.length : Number.NaN,
          good,
          errors: bad + result.errors + result.timeouts,
        });
      },
    );
    running.add(instance);
    instance.on('response', (_client, _status, _bytes, ms) => {
      latencies.push(ms);
      lastAnswerAt = performance.now();
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The server under test: by default the compiled one (server/dist, built once per benchmark, as
// `npm start` runs it); `tsx` runs the TypeScript source as `npm run dev` does, for comparison.

let built = false;
/** `[command, args]` of a server entry (`main`, `ops`, `remote`) in that runtime. */
export function serverCommand(entry, runtime = 'compiled') {
  const { source, built: file } = SERVER_ENTRIES[entry];
  if (runtime === 'tsx') return [TSX, [source]];
  // BENCH_SERVER_BUILT: npm run bench built it once for all its steps (and its server is running it).
  if (!built && process.env.BENCH_SERVER_BUILT !== '1') {
    if (buildServer() !== 0) throw new Error('building the server failed (node server/build.mjs)');
    built = true;
  }
  return [process.execPath, entry === 'main' ? [...SERVER_NODE_FLAGS, file] : [file]];
}

const KB_PER_MB = 1024;
/** `pid` and its descendants (a tsx server is a tsx process, a node child and esbuild services). */
function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const walk = (p) => {
    tree.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return tree;
}

/** Resident memory in MB of `pid` and its descendants (VmRSS), and the largest lifetime peak (VmHWM) among them. */
export function memoryOf(pid) {
  let rss = 0;
  let hwm = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      hwm = Math.max(hwm, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // gone meanwhile
    }
  }
  return { rss: rss / KB_PER_MB, hwm: hwm / KB_PER_MB };
}

/** Samples the memory of `pid` (and descendants) every `everyMs` until stopped; `peak` is the largest sum seen. */
export function sampleMemory(pid, everyMs = 100) {
  const sampler = { peak: 0, hwm: 0, stop: () => clearInterval(timer) };
  const sample = () => {
    const { rss, hwm } = memoryOf(pid);
    sampler.peak = Math.max(sampler.peak, rss);
    sampler.hwm = Math.max(sampler.hwm, hwm);
  };
  const timer = setInterval(sample, everyMs);
  timer.unref();
  sample();
  releases.push(sampler.stop);
  return sampler;
}

/**
 * A portal server on a fresh data folder, on PGlite (no url) or on the PostgreSQL database `url`,
 * in the sandbox. `publishRemotes`: the remotes' builds published first, as npm start does, so pages
 * are server-rendered. `env` is added to the server's environment. `port`: a fixed one (default: a free one). `runtime`: `compiled` (default)
 * or `tsx`.
 */
export async function startPortal(
  name,
  databaseUrl,
  { publishRemotes = false, env: extra = {}, runtime = 'compiled', nodeArgs = [], port: fixedPort } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  releases.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = fixedPort ?? (await freePort());
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    // Any key: set so the sandbox does not create one (and warn about it) in the temporary DATA_DIR.
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...extra,
  };
  // `undefined` in `env` removes a variable: the server's own default then (LOG_LEVEL info, as npm start).
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  if (publishRemotes) {
    const [command, args] = serverCommand('remote', runtime);
    const published = spawnSync(command, [...args, 'ensure'], { cwd: ROOT, env, stdio: 'ignore' });
    if (published.status !== 0) throw new Error('publishing the remotes failed: build them first (npm start builds everything)');
  }
  const [command, args] = serverCommand('main', runtime);
  // Node's own options (--cpu-prof, which NODE_OPTIONS refuses) go to the compiled server only.
  const argv = runtime === 'compiled' ? [...nodeArgs, ...args] : args;
  const proc = startChild(name, command, argv, { cwd: ROOT, env });
  const base = `http://127.0.0.1:${port}`;
  return { name, base, proc, env, dataDir, runtime, ready: () => waitFor(`${base}/healthz`, proc), stop: proc.stop };
}
