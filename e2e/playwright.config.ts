import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh all-in-one server per run: its own DATA_DIR (registry, versioned remotes, PGlite) and,
// when the test script made one, its own PostgreSQL database. Workers inherit these variables.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
// Ports of this run (workers inherit them): derived from the process id, so two runs never collide.
process.env.E2E_PORT ??= String(20_000 + ((process.pid * 2) % 20_000));
// A second instance with the captcha switched on, for the journeys that solve it.
process.env.E2E_CAPTCHA_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-captcha-'));
process.env.E2E_CAPTCHA_PORT ??= String(Number(process.env.E2E_PORT) + 1);
// Traces and screenshots of failures: per run too, since Playwright empties this folder when a run
// starts (a shared one lost a parallel run's traces mid-test: ENOENT).
process.env.E2E_RESULTS_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-results-'));
const root = path.resolve(import.meta.dirname, '..');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
export const serverEnv: Record<string, string> = {
  ...(process.env as Record<string, string>),
  DATA_DIR: process.env.E2E_DATA_DIR,
  PORT: process.env.E2E_PORT,
  HOST: '127.0.0.1',
  SANDBOX: 'true',
  CAPTCHA_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  // Server rendering is asserted here, not its speed: one loaded machine runs server, browser and
  // tests, so a page waits longer for its markup than the production default (200 ms; the fallback
  // itself is covered by server/src/modules/ssr tests and the throwing-bundle journey).
  SSR_BUDGET_MS: '3000',
  // The alert journeys wait for rounds of the alert job: every 2 s instead of 10 s.
  ALERT_JOB_INTERVAL_MS: '2000',
  // A local stand-in for the third-party analytics script, so page views can be observed.
  ANALYTICS_SCRIPT_URL: 'https://analytics.e2e.test/script.js',
  ANALYTICS_SITE_ID: 'e2e',
  // As behind a reverse proxy on this machine: a journey that needs a public visitor address (the IP
  // allow-list's "add my current IP") sends X-Forwarded-For; all others are seen as 127.0.0.1.
  TRUSTED_PROXY: '127.0.0.1',
  // The proxy network's key: journeys post usage records as the network would.
  PROXY_NETWORK_API_KEY: 'e2e-proxy-network-key-0123456789abcdef',
  // Required with DATABASE_URL (every instance of a shop holds the same key); any key will do here.
  DATA_ENCRYPTION_KEY: 'ZTJlLWRhdGEta2V5LTAxMjM0NTY3ODlhYmNkZWYwMTI=',
};
if (process.env.E2E_DATABASE_URL) serverEnv.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete serverEnv.DATABASE_URL;
export const captchaServerEnv: Record<string, string> = {
  ...serverEnv,
  DATA_DIR: process.env.E2E_CAPTCHA_DATA_DIR,
  PORT: process.env.E2E_CAPTCHA_PORT,
  CAPTCHA_ENABLED: 'true',
};
export const captchaBaseURL = `http://127.0.0.1:${process.env.E2E_CAPTCHA_PORT}`;
// `npm test` builds the server and runs what `npm start` ships (E2E_SERVER=compiled); run on its
// own, Playwright starts the source through tsx, so it never tests a stale build.
const tsx = path.join(root, 'server/node_modules/.bin/tsx');
const compiled = process.env.E2E_SERVER === 'compiled';
const entry = (name: string, source: string) => (compiled ? `node server/dist/${name}.js` : `${tsx} ${source}`);
const serve = `${entry('remote', 'server/src/cli/remote.ts')} ensure && ${entry('main', 'server/src/main.ts')}`;

/**
 * Journeys that change what every visitor gets (the remote registry, redirect rules, network
 * incidents shown on every page) are tagged `@shared-state` and run alone, after the others: a
 * rollback or a banner must not land in the middle of another journey. Every other journey makes
 * its own members and data, so two run at once (issue 41: the machine has two cores, and a journey
 * mostly waits on its server and browser).
 */
const SHARED_STATE = /@shared-state/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry absorbs a rare stall of the machine; the list reporter still prints such a test as
  // flaky, and a journey that fails twice fails the run.
  retries: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_RESULTS_DIR,
  use: {
    baseURL,
    // Bounded waits: a stuck click or load fails at its own step instead of eating the test's time.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    launchOptions: {
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
    },
  },
  // Chinese browsers are the primary audience; English-browser journeys set their own locale.
  projects: [
    {
      name: 'desktop',
      grepInvert: SHARED_STATE,
      use: { ...devices['Desktop Chrome'], channel: undefined, locale: 'zh-CN' },
    },
    {
      name: 'shared-state',
      grep: SHARED_STATE,
      workers: 1,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], channel: undefined, locale: 'zh-CN' },
    },
  ],
  webServer: [
    {
      command: serve,
      cwd: root,
      url: `${baseURL}/healthz`,
      env: serverEnv,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: serve,
      cwd: root,
      url: `${captchaBaseURL}/healthz`,
      env: captchaServerEnv,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
