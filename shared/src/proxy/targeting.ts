/**
 * Postcode and ISP targeting (issue 18, decision 0011): which postcodes exist and which ISPs each
 * country offers. Used by the username rules in credentials.ts, the generator and the verification.
 */
import { ISPS_BY_COUNTRY, type Isp } from './targeting-data/isps.ts';

export type { Isp };

/** The countries whose postcodes can be targeted, with the format of a postcode. */
export const POSTCODE_COUNTRIES: Readonly<Record<string, { format: RegExp; example: string }>> = {
  US: { format: /^\d{5}$/, example: '90210' },
};

/** A postcode without a country targets this one (the only one with postcode data). */
export const POSTCODE_DEFAULT_COUNTRY = 'US';

/**
 * Whether a postcode of a country exists. The data behind it (the US ZIP bitmap, 17 kB) is not in
 * every page's JavaScript: `@portal/shared/proxy/postcode-data` has it, for the server and, loaded
 * when a postcode is typed, the generator. Without it only a postcode's format is checked.
 */
export type PostcodeExists = (country: string, postcode: string) => boolean;

/** `90210 ` → `90210`; what the user typed, as the username carries it. */
export const normalizePostcode = (postcode: string) => postcode.trim().replace(/\s+/g, '').toUpperCase();

/**
 * Why a postcode cannot be targeted in a country: `postcodeCountry` (no postcode data for that
 * country), `postcode` (not a postcode of that format, or none that exists); null when it can.
 */
export function postcodeProblem(
  country: string,
  postcode: string,
  exists?: PostcodeExists,
): 'postcode' | 'postcodeCountry' | null {
  const rule = POSTCODE_COUNTRIES[country.toUpperCase()];
  if (!rule) return 'postcodeCountry';
  const code = normalizePostcode(postcode);
  if (!rule.format.test(code)) return 'postcode';
  if (exists && !exists(country.toUpperCase(), code)) return 'postcode';
  return null;
}

/** The ISPs that can be targeted in a country (none: ISP targeting is not offered there). */
export const ispsOf = (country: string): readonly Isp[] => ISPS_BY_COUNTRY[country.toUpperCase()] ?? [];

/** The ISP of an ASN, with its country; null if no country offers it. */
export function ispByAsn(asn: number): (Isp & { country: string }) | null {
  for (const [country, isps] of Object.entries(ISPS_BY_COUNTRY)) {
    const isp = isps.find((i) => i.asn === asn);
    if (isp) return { ...isp, country };
  }
  return null;
}
