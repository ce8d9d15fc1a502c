import type { PostcodeExists } from './targeting.ts';
import { US_ZIP_BITMAP } from './targeting-data/us-zips.ts';

/**
 * Which postcodes exist (targeting.ts PostcodeExists), from the data of targeting-data/: its own
 * entry (`@portal/shared/proxy/postcode-data`), so the 17 kB of ZIP codes stay out of the shared
 * code every page loads; the server imports it, the generator loads it on demand.
 */
let usZips: Uint8Array | null = null;

function usZipExists(zip: string): boolean {
  if (!/^\d{5}$/.test(zip)) return false;
  if (!usZips) {
    const binary = atob(US_ZIP_BITMAP);
    usZips = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }
  const n = Number(zip);
  return ((usZips[n >> 3] ?? 0) & (1 << (n & 7))) !== 0;
}

export const postcodeExists: PostcodeExists = (country, postcode) => country === 'US' && usZipExists(postcode);
