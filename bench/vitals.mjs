// Observers the page-weight bench injects into each page before it loads (Playwright serialises them,
// so they use nothing outside their own bodies): LCP and CLS as web-vitals counts them, and what the
// first contentful paint showed.
/** LCP (last candidate) and CLS (largest session window: gaps < 1 s, windows ≤ 5 s), as web-vitals count them. */
export function observeVitals() {
  const vitals = { lcp: 0, cls: 0 };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      if (session && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
      else {
        session = entry.value;
        first = entry.startTime;
      }
      last = entry.startTime;
      vitals.cls = Math.max(vitals.cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** At the first contentful paint: what the page showed then (its heading, its lang, its URL). */
export function observeFirstPaint() {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint') continue;
      const h1 = document.querySelector('h1');
      window.__firstPaint = {
        at: entry.startTime,
        path: location.pathname,
        lang: document.documentElement.lang,
        heading: h1 ? (h1.textContent ?? '') : null,
      };
    }
  }).observe({ type: 'paint', buffered: true });
}
