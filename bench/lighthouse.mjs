#!/usr/bin/env node
// Benchmark (not a test): Lighthouse 12.2.3, mobile preset (its default simulated throttling), on
// every public page in both languages of a running portal: performance score, LCP, TBT, SEO score,
// and the titles of the SEO audits that failed. Debian's Chromium through chrome-launcher (never a
// downloaded browser), one browser for the whole run, one Lighthouse run per URL (or the median of
// --runs). Each run sends the Accept-Language of its page's language, so no page is measured after
// a language redirect it would not get from a reader of that language.
//
// Usage: node bench/lighthouse.mjs --base http://127.0.0.1:8080 [--runs 1] [--only /en/blog] [--json <file>]
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { PUBLIC_PAGES, localeOf } from './pages.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    json: { type: 'string' },
  },
});
if (!args.base) {
  console.error('--base: the URL of a running portal is required (npm run bench starts one)');
  process.exit(2);
}
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs: expected a whole number of 1 or more, got ${JSON.stringify(args.runs)}`);
  process.exit(2);
}
const BASE = args.base.replace(/\/$/, '');
const ACCEPT_LANGUAGE = { 'zh-CN': 'zh-CN,zh;q=0.9', en: 'en-US,en;q=0.9' };

// chrome-launcher is lighthouse's own dependency: resolved from it, not a second copy.
const requireLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import(requireLighthouse.resolve('chrome-launcher'));

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse run; a run whose trace came out broken (NO_NAVSTART and the like, on a busy machine) is redone, twice at most. */
async function audit(port, pathname, locale) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      BASE + pathname,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] },
      { extends: 'lighthouse:default', settings: { extraHeaders: { 'Accept-Language': ACCEPT_LANGUAGE[locale] } } },
    );
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`${pathname}: ${runtimeError.code} ${runtimeError.message}`);
    console.log(`  (${pathname}: ${runtimeError.code}, again)`);
  }
}

async function main() {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows = [];
  try {
    const pages = PUBLIC_PAGES.filter((p) => !args.only || p === args.only);
    console.log(`Lighthouse 12.2.3, mobile, simulated throttling (default); ${RUNS} run(s) per page, median`);
    const header = `  ${'page'.padEnd(50)} ${'perf'.padStart(4)} ${'LCP'.padStart(7)} ${'TBT'.padStart(6)} ${'SEO'.padStart(4)}  failed SEO audits`;
    console.log(header);
    for (const pathname of pages) {
      const locale = localeOf(pathname);
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const lhr = await audit(chrome.port, pathname, locale);
        const { categories, audits, finalDisplayedUrl } = lhr;
        const seoAudits = categories.seo.auditRefs.filter((ref) => ref.weight > 0).map((ref) => audits[ref.id]);
        runs.push({
          performance: categories.performance.score * 100,
          lcp: audits['largest-contentful-paint'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
          seo: categories.seo.score * 100,
          seoFailed: seoAudits.filter((a) => a.score !== null && a.score < 1).map((a) => a.id),
          finalUrl: finalDisplayedUrl,
        });
      }
      const row = {
        path: pathname,
        performance: median(runs.map((r) => r.performance)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        seo: Math.min(...runs.map((r) => r.seo)),
        seoFailed: [...new Set(runs.flatMap((r) => r.seoFailed))],
        finalUrl: runs[0].finalUrl,
      };
      rows.push(row);
      const moved = new URL(row.finalUrl).pathname !== new URL(BASE + pathname).pathname ? ` (ended at ${row.finalUrl})` : '';
      console.log(
        `  ${pathname.padEnd(50)} ${row.performance.toFixed(0).padStart(4)} ${`${Math.round(row.lcp)}ms`.padStart(7)} ${`${Math.round(row.tbt)}ms`.padStart(6)} ${row.seo.toFixed(0).padStart(4)}  ${row.seoFailed.join(', ') || '-'}${moved}`,
      );
    }
  } finally {
    await chrome.kill();
  }
  if (args.json) writeFileSync(args.json, JSON.stringify({ rows }, null, 2));
}

await main();
