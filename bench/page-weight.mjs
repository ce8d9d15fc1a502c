#!/usr/bin/env node
// Benchmark (not a test): what the browser receives on a first visit, and how fast the page paints.
//
// For every public page in both languages and for the logged-in dashboard, in a cold browser context
// each (nothing cached), with the CPU throttled ×4: the JavaScript as received (bytes on the wire, as
// the server sent them: compressed if it compresses, headers included), the same JavaScript decoded
// (raw), the number of requests, Largest Contentful Paint and Cumulative Layout Shift. In the same
// run, the LCP of a static HTML page with the same <h1>, served by a bare Node http server and
// measured the same way: the floor, and the ratio page LCP / floor LCP. Then the time of a client
// navigation into a remote not loaded yet (home → /buy: click the buy link, until /buy's heading is
// visible), unthrottled on loopback. Medians of --runs visits (3).
//
// Then an English browser (Accept-Language en-US, no cookie) opening `/`: the time of its first
// contentful paint and the language of what was painted then (the heading and <html lang> at that
// moment), and where it ended.
//
// Usage: node bench/page-weight.mjs [--no-build] [--runs 3] [--base http://127.0.0.1:8080] [--only /en/blog] [--json <file>]
//   --base measures a portal that is already running (its captcha must be off for the dashboard
//   login: CAPTCHA_ENABLED=false); without it the bench builds every app, starts its own server on
//   BENCH_PORT (8299) with a fresh data folder, and stops it afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_ENTRIES } from '../scripts/lib.mjs';
import { PUBLIC_PAGES } from './pages.mjs';
import { observeFirstPaint, observeVitals } from './vitals.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'remotes/marketing', 'remotes/checkout', 'remotes/user-center', 'remotes/static-ip'];
const PORT = Number(process.env.BENCH_PORT ?? 8299);
const DEMO = { mobile: '13800138000', password: 'Demo@123456' };
const CPU_SLOWDOWN = 4;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', '3'));
const ONLY = arg('--only', null);
const JSON_OUT = arg('--json', null);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Every public page in both languages (the English one under /en), then the logged-in dashboard. */
const PAGES = [
  ...PUBLIC_PAGES.map((p) => ({ path: p, public: true })),
  { path: '/admin/dashboard', public: false },
  { path: '/en/admin/dashboard', public: false },
].filter((p) => !ONLY || p.path === ONLY);

/** Goals of the issue "First visit at the speed of a static page" (JS as received). */
const GOALS = { home: 170 * 1024, public: 220 * 1024, dashboard: 300 * 1024, navMs: 300, cls: 0.02, lcpRatio: 1.5 };

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function main() {
  if (!process.argv.includes('--no-build') && !process.argv.includes('--base')) {
    console.log('Build time per app (rsbuild production build, sequential):');
    for (const app of APPS) {
      const started = process.hrtime.bigint();
      const res = spawnSync('npx', ['rsbuild', 'build'], { cwd: path.join(ROOT, app), stdio: 'ignore' });
      const secs = Number(process.hrtime.bigint() - started) / 1e9;
      console.log(`  ${app.padEnd(22)} ${res.status === 0 ? `${secs.toFixed(2)} s` : 'FAILED'}`);
    }
  }

  let base = arg('--base', null);
  let stopServer = async () => {};
  if (!base) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
    // The dashboard's demo login goes through the API, so the security check is off on this server.
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SANDBOX: 'true',
      CAPTCHA_ENABLED: 'false',
    };
    delete env.DATABASE_URL;
    delete env.ANALYTICS_SCRIPT_URL;
    // The compiled server, as npm start runs it.
    if (buildServer() !== 0) throw new Error('building the server failed (node server/build.mjs)');
    spawnSync(process.execPath, [SERVER_ENTRIES.remote.built, 'ensure'], { cwd: ROOT, env, stdio: 'ignore' });
    const server = spawn(process.execPath, [SERVER_ENTRIES.main.built], { cwd: ROOT, env, stdio: 'ignore' });
    base = `http://127.0.0.1:${PORT}`;
    stopServer = async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  base = base.replace(/\/$/, '');

  // The floor: a static page holding only the measured page's heading, from a bare Node server.
  const floors = new Map();
  const floorServer = createServer((req, res) => {
    const html = floors.get(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html ?? 'not found');
  });
  await new Promise((r) => floorServer.listen(0, '127.0.0.1', r));
  const floorBase = `http://127.0.0.1:${floorServer.address().port}`;

  const { chromium } = createRequire(path.join(ROOT, 'e2e/package.json'))('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_ARGS });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 120) throw new Error(`no portal at ${base}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const login = await fetch(`${base}/app-api/member/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    }).then((r) => r.json());
    const token = login?.data?.token;
    if (!token) console.log(`\n(no dashboard: the demo login failed: ${login?.msg ?? 'no answer'}; is the captcha on?)`);

    /**
     * One cold visit (new context: empty cache, own connections) with the CPU slowed down: bytes and
     * requests from the DevTools protocol, LCP and CLS from the page once the network is idle.
     */
    async function visit(url, { signedIn = false, throttle = true, locale = 'zh-CN' } = {}) {
      // The browser's language matches the page's, as a visitor's would (an English browser is moved
      // from an unprefixed URL to /en).
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
      await context.addInitScript(observeVitals);
      if (signedIn)
        await context.addInitScript((t) => {
          localStorage.setItem('portal.auth', JSON.stringify({ token: t, userInfo: null }));
        }, token);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const requests = new Map();
      cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
        const entry = requests.get(requestId);
        if (entry)
          Object.assign(entry, { type, encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] });
      });
      cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
        if (!requests.has(requestId)) requests.set(requestId, { url: request.url, type: null, received: 0, raw: 0, done: false });
      });
      cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
        const entry = requests.get(requestId);
        if (entry) entry.raw += dataLength;
      });
      cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
        const entry = requests.get(requestId);
        if (entry) Object.assign(entry, { received: encodedDataLength, done: true });
      });
      await cdp.send('Network.enable');
      if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: 'networkidle', timeout: 90_000 });
      await page.waitForSelector('h1', { timeout: 30_000 }).catch(() => {});
      await page.waitForTimeout(500);
      const { lcp, cls } = await page.evaluate(() => window.__vitals);
      const heading = await page.evaluate(() => {
        const h1 = document.querySelector('h1');
        if (!h1) return null;
        const s = getComputedStyle(h1);
        return {
          text: h1.textContent ?? '',
          style: `font: ${s.fontWeight} ${s.fontSize}/${s.lineHeight} ${s.fontFamily}; margin: 0;`,
          lang: document.documentElement.lang,
        };
      });
      await context.close();
      const all = [...requests.values()].filter((r) => r.done);
      const js = all.filter((r) => r.type === 'Script');
      return {
        lcp,
        cls,
        heading,
        requests: all.length,
        jsFiles: js.length,
        jsReceived: js.reduce((t, r) => t + r.received, 0),
        jsRaw: js.reduce((t, r) => t + r.raw, 0),
        encodings: [...new Set(js.map((r) => r.encoding ?? 'identity'))].join('+'),
        js,
      };
    }

    const rows = [];
    let homeFiles = null;
    const homeJs = {};
    console.log(
      `\nFirst visit, cold context each, CPU ×${CPU_SLOWDOWN}, loopback; median of ${RUNS} (JS received = bytes on the wire as the server sent them):`,
    );
    const header = `  ${'page'.padEnd(50)} ${'JS recv'.padStart(9)} ${'JS raw'.padStart(10)} ${'JS'.padStart(3)} ${'reqs'.padStart(4)} ${'LCP'.padStart(7)} ${'CLS'.padStart(6)} ${'floor'.padStart(6)} ${'ratio'.padStart(5)}  enc`;
    console.log(header);
    for (const [index, { path: pathname, public: isPublic }] of PAGES.entries()) {
      const runs = [];
      const floorRuns = [];
      for (let run = 0; run < RUNS; run++) {
        const locale = pathname === '/en' || pathname.startsWith('/en/') ? 'en-US' : 'zh-CN';
        const result = await visit(base + pathname, { signedIn: !isPublic && Boolean(token), locale });
        runs.push(result);
        const id = `${index}`;
        const h = result.heading ?? { text: '', style: '', lang: 'en' };
        floors.set(
          id,
          `<!doctype html><html lang="${h.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>floor</title></head><body style="margin:0;padding:48px 24px"><h1 style="${h.style.replace(/"/g, '&quot;')}">${h.text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</h1></body></html>`,
        );
        floorRuns.push(await visit(`${floorBase}/?id=${id}`, { locale }));
      }
      if (pathname === '/') homeFiles = runs[0].js;
      if (pathname === '/' || pathname === '/en')
        homeJs[pathname] = runs[0].js.map(({ url, received, raw }) => ({ url, received, raw }));
      const row = {
        path: pathname,
        public: isPublic,
        jsReceived: median(runs.map((r) => r.jsReceived)),
        jsRaw: median(runs.map((r) => r.jsRaw)),
        jsFiles: median(runs.map((r) => r.jsFiles)),
        requests: median(runs.map((r) => r.requests)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        floor: median(floorRuns.map((r) => r.lcp)),
        encodings: runs[0].encodings,
      };
      rows.push(row);
      console.log(
        `  ${pathname.padEnd(50)} ${kb(row.jsReceived).padStart(9)} ${kb(row.jsRaw).padStart(10)} ${String(row.jsFiles).padStart(3)} ${String(row.requests).padStart(4)} ${`${Math.round(row.lcp)}ms`.padStart(7)} ${row.cls.toFixed(3).padStart(6)} ${`${Math.round(row.floor)}ms`.padStart(6)} ${(row.lcp / row.floor).toFixed(1).padStart(5)}  ${row.encodings}`,
      );
    }

    if (homeFiles) {
      console.log('\nJavaScript of the home page (/) by app (received / raw):');
      const groups = new Map();
      for (const f of homeFiles) {
        const app = new URL(f.url).pathname.startsWith('/remotes/') ? new URL(f.url).pathname.split('/')[2] : 'shell';
        const g = groups.get(app) ?? { files: 0, received: 0, raw: 0 };
        groups.set(app, { files: g.files + 1, received: g.received + f.received, raw: g.raw + f.raw });
      }
      for (const [app, g] of groups)
        console.log(
          `  ${app.padEnd(14)} ${String(g.files).padStart(3)} files ${kb(g.received).padStart(10)} ${kb(g.raw).padStart(10)}`,
        );
    }

    // Client navigation into a remote that is not loaded yet: the home page is idle, then its buy
    // link is clicked; the time until /buy's heading (checkout) is on screen. No throttling. Cold:
    // the click comes out of nowhere. Intent: the pointer reaches the link 150 ms before the click,
    // as a hand on a mouse does (the shell starts loading the remote then).
    async function navigation(hoverMs) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await page.waitForSelector('[data-remote="marketing"] h1');
      // The heading is in the server's HTML: wait until React has taken the page over (hydrated).
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
      );
      const ms = await page.evaluate(
        (hover) =>
          new Promise((resolve, reject) => {
            const link = document.querySelector('header a[href="/buy"]');
            if (!link) return reject(new Error('no buy link in the header'));
            if (hover) link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
            setTimeout(() => {
              const started = performance.now();
              link.click();
              const check = () => {
                const h1 = document.querySelector('[data-remote="checkout"] h1');
                if (h1 && h1.getBoundingClientRect().height > 0) resolve(performance.now() - started);
                else if (performance.now() - started > 20_000) reject(new Error('/buy heading not shown in 20 s'));
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            }, hover);
          }),
        hoverMs,
      );
      await context.close();
      return ms;
    }
    const navTimes = [];
    const intentTimes = [];
    for (let run = 0; run < RUNS; run++) {
      navTimes.push(await navigation(0));
      intentTimes.push(await navigation(150));
    }
    const nav = median(navTimes);
    console.log(
      `\nClient navigation home → /buy (checkout not loaded yet), unthrottled, click to heading on screen:\n  cold click                          ${String(Math.round(nav)).padStart(5)} ms (runs: ${navTimes.map(Math.round).join(', ')} ms)\n  pointer on the link 150 ms before ${String(Math.round(median(intentTimes))).padStart(5)} ms (runs: ${intentTimes.map(Math.round).join(', ')} ms)`,
    );

    // An English browser with no cookie opens `/`: what is on screen at its first paint?
    const firstPaints = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      await context.addInitScript(observeFirstPaint);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      let documents = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) documents++;
      });
      await page.goto(`${base}/`, { waitUntil: 'networkidle', timeout: 90_000 });
      await page.waitForTimeout(500);
      const painted = await page.evaluate(() => window.__firstPaint ?? null);
      const end = await page.evaluate(() => ({ path: location.pathname, lang: document.documentElement.lang }));
      await context.close();
      firstPaints.push({ ...painted, chinese: /[\u3400-\u9fff]/.test(painted?.heading ?? ''), end, documents });
    }
    const firstPaint = {
      at: median(firstPaints.map((p) => p.at ?? Number.NaN)),
      chinese: firstPaints.some((p) => p.chinese),
      runs: firstPaints,
    };
    const fp = firstPaints[0];
    console.log(
      `\nEnglish browser (en-US, no cookie) opens /, CPU ×${CPU_SLOWDOWN}: first paint at ${Math.round(firstPaint.at)} ms (median) on ${fp.path}, lang ${fp.lang}, heading ${JSON.stringify(fp.heading)} — ${firstPaint.chinese ? 'CHINESE painted' : 'no Chinese painted'}; ended on ${fp.end.path} (${fp.end.lang}) after ${fp.documents} document(s)`,
    );
    if (JSON_OUT)
      writeFileSync(
        JSON_OUT,
        JSON.stringify({ rows, homeJs, nav: { cold: nav, intent: median(intentTimes) }, firstPaint }, null, 2),
      );

    const check = (ok) => (ok ? 'ok  ' : 'OVER');
    const home = rows.find((r) => r.path === '/');
    const others = rows.filter((r) => r.public && r.path !== '/' && r.path !== '/en');
    const worst = others.reduce((w, r) => (r.jsReceived > (w?.jsReceived ?? -1) ? r : w), null);
    const dash = rows.filter((r) => !r.public);
    const worstDash = dash.reduce((w, r) => (r.jsReceived > (w?.jsReceived ?? -1) ? r : w), null);
    const worstCls = rows.reduce((w, r) => (r.cls > (w?.cls ?? -1) ? r : w), null);
    console.log('\nGoals (JS as received):');
    if (home) console.log(`  ${check(home.jsReceived <= GOALS.home)} home ≤ ${kb(GOALS.home)}: ${kb(home.jsReceived)}`);
    if (worst)
      console.log(
        `  ${check(worst.jsReceived <= GOALS.public)} other public pages ≤ ${kb(GOALS.public)}: largest ${kb(worst.jsReceived)} (${worst.path})`,
      );
    if (worstDash)
      console.log(
        `  ${check(worstDash.jsReceived <= GOALS.dashboard)} dashboard ≤ ${kb(GOALS.dashboard)}: ${kb(worstDash.jsReceived)} (${worstDash.path})`,
      );
    const ratio = (r) => r.lcp / r.floor;
    const slowest = rows.filter((r) => r.public).reduce((w, r) => (ratio(r) > (w ? ratio(w) : -1) ? r : w), null);
    if (slowest)
      console.log(
        `  ${check(ratio(slowest) <= GOALS.lcpRatio)} public LCP ≤ ${GOALS.lcpRatio}× the static floor: largest ${ratio(slowest).toFixed(2)}× (${slowest.path}; home ${home ? ratio(home).toFixed(2) : '–'}×)`,
      );
    console.log(`  ${check(nav <= GOALS.navMs)} nav home → /buy ≤ ${GOALS.navMs} ms: ${Math.round(nav)} ms`);
    if (worstCls)
      console.log(
        `  ${check(worstCls.cls <= GOALS.cls)} CLS ≤ ${GOALS.cls}: largest ${worstCls.cls.toFixed(3)} (${worstCls.path})`,
      );
  } finally {
    await browser.close();
    floorServer.close();
    await stopServer();
  }
}

await main();
