import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const DELAYS_MS = [300, 900];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fetches a manifest, retrying transient failures (network, 5xx, a CDN that is still filling). */
export async function fetchWithRetry(url: string, init?: RequestInit, delays = DELAYS_MS): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    try {
      const res = await fetch(url, init);
      if (res.ok) return res;
      lastError = new Error(`${url}: HTTP ${res.status}`);
    } catch (e) {
      lastError = e;
    }
    const delay = delays[attempt];
    if (delay !== undefined) await sleep(delay);
  }
  throw lastError;
}

/**
 * Retries what the federation runtime fetches: the remote's manifest (fetch hook) and its
 * remoteEntry.js script (loadEntryError hook). What still fails reaches the shell's fallback.
 */
export function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-retry',
    fetch(url, init) {
      return fetchWithRetry(url, init);
    },
    loadEntryError(args) {
      // The hook's declared type nests the promise; the runtime awaits whatever we hand back.
      return retryEntry(args) as never;
    },
  };
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

async function retryEntry({
  getRemoteEntry,
  origin,
  remoteInfo,
  remoteEntryExports,
  globalLoading,
  uniqueKey,
}: LoadEntryErrorArgs) {
  for (const delay of DELAYS_MS) {
    await sleep(delay);
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch {
      // try again after the next delay
    }
  }
  return undefined;
}
