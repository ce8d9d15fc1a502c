// Small process helpers shared by the root scripts (start, test, dev, remote).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = ['--yes', 'pnpm@10.34.8'];
export const TSX = path.join(ROOT, 'server/node_modules/.bin/tsx');

/** The server's entry points: TypeScript source (tsx, for development) and the build `npm start` runs. */
export const SERVER_ENTRIES = {
  main: { source: 'server/src/main.ts', built: 'server/dist/main.js' },
  ops: { source: 'server/src/cli/ops.ts', built: 'server/dist/ops.js' },
  remote: { source: 'server/src/cli/remote.ts', built: 'server/dist/remote.js' },
};

/**
 * Node flags of the server process, wherever it is started from the build (npm start, the bench,
 * docs/deploy.md): 4 MiB semi-spaces for V8's young generation instead of 16, a third less memory
 * at idle for no measured loss of throughput (2 MiB cost reads a third; docs/decisions/0019); the
 * old generation grown by 20 % past what a full collection kept instead of V8's factor of up to 4:
 * the start's renders left 224 MB of old space for 69 MB alive, and node never shrinks it back
 * (513 → 335 MB RSS after the bench's load, docs/decisions/0037).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=20'];

/** Runs a command to completion with inherited output; returns its exit code. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.error) console.error(res.error.message);
  return res.status ?? 1;
}

/**
 * Runs a command to completion with its output gathered (printed by the caller, whole, so two at
 * once never interleave their lines); resolves with its exit code and output.
 */
export function runGathered(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', (err) => resolve({ code: 1, out: `${out}${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** pnpm without a global install: bootstrapped through npx, pinned to the lockfile's version. */
export function pnpm(args, opts) {
  return run('npx', [...PNPM, ...args], opts);
}

export function must(code, what) {
  if (code !== 0) {
    console.error(`\n✗ ${what} failed (exit ${code})`);
    process.exit(code || 1);
  }
}

/** Installs the workspace (frozen lockfile) unless node_modules is already in step with it. */
export function install() {
  must(pnpm(['install', '--frozen-lockfile', '--prefer-offline']), 'install');
}

/** Builds the shell and every remote (two at a time: the machines have two cores). */
export function buildApps() {
  return pnpm(['-r', '--workspace-concurrency=2', '--filter', './shell', '--filter', './remotes/*', 'build']);
}

/** Starts a long-running child and forwards termination signals to it. */
export function serve(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}

export const hasFile = (p) => existsSync(path.join(ROOT, p));

/** Builds the server to plain JavaScript in server/dist (server/build.mjs: esbuild, about a second). */
export function buildServer() {
  return run(process.execPath, ['server/build.mjs']);
}

/** Newest modification time of the files in `paths` (files or folders; tests, node_modules and dist left out), in ms. */
function newestMtime(paths) {
  let newest = 0;
  const walk = (file) => {
    const stats = statSync(file);
    if (!stats.isDirectory()) newest = Math.max(newest, stats.mtimeMs);
    else
      for (const entry of readdirSync(file))
        if (entry !== 'node_modules' && entry !== 'dist' && !/\.test\.tsx?$/.test(entry)) walk(path.join(file, entry));
  };
  for (const p of paths) if (existsSync(path.join(ROOT, p))) walk(path.join(ROOT, p));
  return newest;
}

/**
 * How to run a server entry (`main`, `ops`, `remote`): `[command, args]`. The build with plain node
 * when it is newer than every source it was made from (the server's, @portal/shared's and the build
 * script); otherwise the TypeScript source through tsx, so a CLI never runs code older than the
 * checkout (e.g. during development, where nothing builds the server).
 */
export function serverCommand(name) {
  const { source, built } = SERVER_ENTRIES[name];
  const builtFile = path.join(ROOT, built);
  if (existsSync(builtFile)) {
    const sources = newestMtime(['server/src', 'shared/src', 'shared/build', 'server/build.mjs', 'server/package.json']);
    if (statSync(builtFile).mtimeMs >= sources) return [process.execPath, [builtFile]];
  }
  return [TSX, [path.join(ROOT, source)]];
}
