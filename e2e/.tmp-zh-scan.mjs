import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8083';
const paths = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const ctx = await browser.newContext({ storageState: '/tmp/words/storage.json', locale: 'zh-CN' });
const ALLOWED = new Set('IP IPv4 IPv6 ISP HTTP HTTPS SOCKS5 API UTC GB MB TB KB CSV TXT PDF JPG PNG ID App Cookie ZIP AS iPhone Safari Chrome English NovaProxy sid lsid'.split(' '));
for (const p of paths) {
  const page = await ctx.newPage();
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  const found = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const n = walker.currentNode; const el = n.parentElement;
      if (!el || ['SCRIPT','STYLE','CODE','PRE'].includes(el.tagName) || el.closest('code,pre,[translate=no]')) continue;
      const t = n.textContent.trim(); if (t) out.push(['text', t]);
    }
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt],[aria-roledescription]'))
      for (const a of ['aria-label','title','placeholder','alt','aria-roledescription']) { const v = el.getAttribute(a); if (v) out.push([a, v]); }
    return out;
  });
  const bad = [];
  for (const [kind, t] of found) {
    const words = t.replace(/(?:https?:\/\/|\/)[\w./-]*/g, ' ').replace(/[\w.+-]+@[\w.-]+/g,' ').match(/[A-Za-z][A-Za-z0-9_]*/g) ?? [];
    const w = words.filter((x) => !ALLOWED.has(x) && !/^[A-Z]\d|^\d/.test(x));
    if (w.length) bad.push(`${kind}: ${t.slice(0, 80)} [${w.join(',')}]`);
  }
  console.log(`== ${p}: ${bad.length}`); for (const b of [...new Set(bad)].slice(0, 25)) console.log('  ', b);
  await page.close();
}
await browser.close();
