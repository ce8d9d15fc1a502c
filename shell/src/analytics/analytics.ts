import type { ClientConfig } from '@portal/shared';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

let enabled = false;

/**
 * Loads the configured third-party page-analytics script (off unless the server's client config
 * names one). Page views go to `window.dataLayer` (the gtag/GTM convention most providers read).
 */
export async function startAnalytics(readConfig: () => Promise<ClientConfig>, doc: Document = document): Promise<void> {
  const config = await readConfig().catch(() => null);
  const analytics = config?.analytics;
  if (!analytics) return;
  window.dataLayer = window.dataLayer ?? [];
  const script = doc.createElement('script');
  script.async = true;
  script.src = analytics.scriptUrl;
  if (analytics.siteId) script.dataset.siteId = analytics.siteId;
  doc.head.appendChild(script);
  enabled = true;
  trackPageView(window.location.pathname + window.location.search, doc.title);
}

/** One page view per client navigation. */
export function trackPageView(path: string, title: string): void {
  if (!enabled) return;
  window.dataLayer?.push({ event: 'page_view', page_path: path, page_title: title, page_location: window.location.href });
}
