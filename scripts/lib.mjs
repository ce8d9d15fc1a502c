// Small process helpers shared by the root scripts (start, test, dev, remote).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = ['--yes', 'pnpm@10.34.8'];
export const TSX = path.join(ROOT, 'server/node_modules/.bin/tsx');

/** Runs a command to completion with inherited output; returns its exit code. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (res.error) console.error(res.error.message);
  return res.status ?? 1;
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
