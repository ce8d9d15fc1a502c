// viewport-only screenshots + boxes: node vp-i28.mjs <url> <out.png> <w> <h> [storage] [scrollY]
import { chromium } from '@playwright/test';
const [url, out, w, h, storage, scrollY] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const phone = Number(w) < 500;
const ctx = await browser.newContext({
  viewport: { width: Number(w), height: Number(h) },
  ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' } : {}),
  locale: url.includes('/en') ? 'en-US' : 'zh-CN',
  ...(storage && storage !== '-' ? { storageState: storage } : {}),
});
const page = await ctx.newPage();
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
if (scrollY) { await page.evaluate((y) => window.scrollTo(0, Number(y)), scrollY); await page.waitForTimeout(500); }
const info = await page.evaluate(() => {
  const r = (el) => { const b = el.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.top), Math.round(b.right), Math.round(b.bottom)]; };
  const cs = document.querySelector('[data-testid=customer-service-button]');
  return { cs: cs && r(cs), actions: [...document.querySelectorAll('[data-primary-action]')].map((a) => [a.dataset.testid, r(a)]),
    scrollW: document.documentElement.scrollWidth, nav: (() => { const n = document.querySelector('[data-testid=admin-nav]'); return n && n.scrollLeft; })() };
});
console.log(JSON.stringify(info));
await page.screenshot({ path: out });
await browser.close();
