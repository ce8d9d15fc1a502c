#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + server tests (real PostgreSQL when DATABASE_URL is set,
// PGlite otherwise), then the Playwright journeys against a freshly built all-in-one server in
// Debian's Chromium. Prints one summary line; exits non-zero on any failure.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildApps, buildServer, install, pnpm, ROOT, run, runGathered } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const results = [];
const record = (name, code, started) => {
  results.push({ name, ok: code === 0, secs: Math.round((Date.now() - started) / 1000) });
  if (code !== 0) console.error(`\n✗ ${name} failed (exit ${code})\n`);
  return code === 0;
};
const step = (name, fn) => {
  const started = Date.now();
  return record(name, fn(), started);
};
/** Single-threaded checks side by side (two cores): each one's output printed whole when it ends. */
const stepsSideBySide = (steps) =>
  Promise.all(
    steps.map(async ([name, cmd, args]) => {
      const started = Date.now();
      const { code, out } = await runGathered(cmd, args);
      process.stdout.write(out);
      return record(name, code, started);
    }),
  );

function ensureChromium() {
  if (existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing. Install Debian's Chromium as root: apt-get update && apt-get install -y chromium`);
    return 1;
  }
  console.log('Installing Debian chromium (apt) …');
  if (run('apt-get', ['update', '-qq']) !== 0) return 1;
  return run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** With DATABASE_URL, the e2e server gets its own fresh database on that PostgreSQL. */
async function withE2eDatabase(fn) {
  if (!process.env.DATABASE_URL) return fn(undefined);
  const { Client } = createRequire(path.join(ROOT, 'server/package.json'))('pg');
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `portal_e2e_${Date.now()}_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    return fn(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

install();
// Two projects: node code (server, scripts, the server-safe shared entry) has no DOM library, so a
// `document` there is a type error; browser code (shell, remotes, shared UI, e2e) has it.
await stepsSideBySide([
  ['typecheck node', 'npx', ['tsc', '-p', 'tsconfig.node.json']],
  ['typecheck web', 'npx', ['tsc', '-p', 'tsconfig.web.json']],
]);
step('lint', () => run('npx', ['biome', 'check', '.']));
step('unit+server tests', () => run('npx', ['vitest', 'run']));
const built = step('build', () => buildApps() || buildServer());
if (built && step('chromium', ensureChromium)) {
  await withE2eDatabase((url) =>
    step('e2e', () =>
      pnpm(['--filter', '@portal/e2e', 'exec', 'playwright', 'test'], {
        env: { ...process.env, E2E_DATABASE_URL: url ?? '', E2E_SERVER: 'compiled' },
      }),
    ),
  );
}

const failed = results.filter((r) => !r.ok);
console.log(
  `\nSUMMARY: ${results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} (${r.secs}s)`).join(' · ')} → ${failed.length ? 'FAILED' : 'ALL PASSED'}`,
);
process.exit(failed.length ? 1 : 0);
