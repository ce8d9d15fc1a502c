#!/usr/bin/env node
// Benchmark (not a test): build time per app, then the JavaScript the home page really loads on
// first visit, per app and in total, raw and gzip. Usage: npm run bench [-- --no-build]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'server/node_modules/.bin/tsx');
const APPS = ['shell', 'remotes/marketing', 'remotes/checkout', 'remotes/user-center', 'remotes/static-ip'];
const PORT = Number(process.env.BENCH_PORT ?? 8299);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

if (!process.argv.includes('--no-build')) {
  console.log('Build time per app (rsbuild production build, sequential):');
  for (const app of APPS) {
    const started = process.hrtime.bigint();
    const res = spawnSync('npx', ['rsbuild', 'build'], { cwd: path.join(ROOT, app), stdio: 'ignore' });
    const secs = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(`  ${app.padEnd(22)} ${res.status === 0 ? `${secs.toFixed(2)} s` : 'FAILED'}`);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
spawnSync(TSX, ['server/src/cli/remote.ts', 'ensure'], { cwd: ROOT, env, stdio: 'ignore' });
const server = spawn(TSX, ['server/src/main.ts'], { cwd: ROOT, env, stdio: 'ignore' });
try {
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const { chromium } = createRequire(path.join(ROOT, 'e2e/package.json'))('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const bodies = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') bodies.push(r.body().then((b) => ({ url: new URL(r.url()).pathname, b })));
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const files = await Promise.all(bodies);
  await browser.close();

  const groups = new Map();
  for (const { url, b } of files) {
    const app = url.startsWith('/remotes/') ? url.split('/')[2] : 'shell';
    const g = groups.get(app) ?? { files: 0, raw: 0, gzip: 0 };
    g.files++;
    g.raw += b.length;
    g.gzip += gzipSync(b, { level: 9 }).length;
    groups.set(app, g);
  }
  console.log('\nFirst-load JavaScript of the home page (/), by app:');
  let total = { files: 0, raw: 0, gzip: 0 };
  for (const [app, g] of groups) {
    console.log(
      `  ${app.padEnd(14)} ${String(g.files).padStart(3)} files  ${kb(g.raw).padStart(10)} raw  ${kb(g.gzip).padStart(10)} gzip`,
    );
    total = { files: total.files + g.files, raw: total.raw + g.raw, gzip: total.gzip + g.gzip };
  }
  console.log(
    `  ${'total'.padEnd(14)} ${String(total.files).padStart(3)} files  ${kb(total.raw).padStart(10)} raw  ${kb(total.gzip).padStart(10)} gzip`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
