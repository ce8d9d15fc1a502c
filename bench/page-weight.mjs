#!/usr/bin/env node
// Benchmark (not a test): build time per app; the JavaScript the home page really loads on first
// visit, per app and in total, raw and gzip; then, for every public page, its first-load JavaScript
// and Largest Contentful Paint on loopback (a cold browser context each, so nothing is cached).
// Usage: npm run bench [-- --no-build]
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
  /** One cold visit: every script's body, and the LCP the browser reports once the page is idle. */
  async function visit(pathname) {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const bodies = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        bodies.push(
          r.body().then(
            (b) => ({ url: new URL(r.url()).pathname, b }),
            () => null,
          ),
        );
    });
    await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
    // LCP is final once the user interacts; reading it after the network is idle is the usual proxy.
    const lcp = await page.evaluate(() => window.__lcp);
    const files = (await Promise.all(bodies)).filter(Boolean);
    await context.close();
    return { files, lcp };
  }
  const sum = (files) =>
    files.reduce((t, { b }) => ({ files: t.files + 1, raw: t.raw + b.length, gzip: t.gzip + gzipSync(b, { level: 9 }).length }), {
      files: 0,
      raw: 0,
      gzip: 0,
    });

  const home = await visit('/');
  const groups = new Map();
  for (const { url, b } of home.files) {
    const app = url.startsWith('/remotes/') ? url.split('/')[2] : 'shell';
    groups.set(app, [...(groups.get(app) ?? []), { url, b }]);
  }
  console.log('\nFirst-load JavaScript of the home page (/), by app:');
  for (const [app, files] of groups) {
    const g = sum(files);
    console.log(
      `  ${app.padEnd(14)} ${String(g.files).padStart(3)} files  ${kb(g.raw).padStart(10)} raw  ${kb(g.gzip).padStart(10)} gzip`,
    );
  }
  const total = sum(home.files);
  console.log(
    `  ${'total'.padEnd(14)} ${String(total.files).padStart(3)} files  ${kb(total.raw).padStart(10)} raw  ${kb(total.gzip).padStart(10)} gzip`,
  );

  const PAGES = [
    '/',
    '/en',
    '/dynamic-residential-proxies',
    '/static-residential-proxies',
    '/native-residential-proxies',
    '/use-scene',
    '/service',
    '/blog',
    '/blog/adspower-proxy-setup',
    '/en/blog/python-scraping-with-residential-proxies',
    '/buy',
    '/login',
  ];
  console.log('\nEvery public page, cold (first-load JavaScript, Largest Contentful Paint on loopback):');
  console.log(`  ${'page'.padEnd(50)} ${'files'.padStart(5)} ${'gzip'.padStart(10)} ${'LCP'.padStart(8)}`);
  for (const pathname of PAGES) {
    const { files, lcp } = await visit(pathname);
    const t = sum(files);
    console.log(
      `  ${pathname.padEnd(50)} ${String(t.files).padStart(5)} ${kb(t.gzip).padStart(10)} ${`${Math.round(lcp)} ms`.padStart(8)}`,
    );
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
