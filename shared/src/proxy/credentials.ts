/**
 * Proxy credentials: the one definition of the gateway username (SPEC section 5, docs/decisions).
 *
 *   <account>-zone-<zone>-region-<region>[-zip-<postcode> | -asn-<asn>][-sid-<id>-t-<minutes> | -lsid-<9nnnnnnn>-t-<minutes>]
 *
 * region: `any`, `US`, `US_california` or `US_california_losangeles` (country upper case; state and
 * city lower case letters and digits). No session part: a new IP per request (rotating). A sticky
 * session of up to 30 minutes uses `sid` (the user's id of at most 16 letters or digits, or a random
 * 8-digit one); longer ones (up to 179 minutes) use `lsid` with an 8-digit number starting with 9.
 * `zip`: a postcode of the region's country (US ZIP codes; region `CC` only, no state or city; a
 * postcode without a country fills in US). `asn`: an ISP of the region's country (targeting.ts), with
 * or without state and city. Postcode and ISP do not combine (decision 0011, 2026-11-25).
 * The generator here, the verification endpoint and the docs all use this module.
 */
import {
  type Isp,
  ispByAsn,
  normalizePostcode,
  POSTCODE_DEFAULT_COUNTRY,
  type PostcodeExists,
  postcodeProblem,
} from './targeting.ts';

export const ZONE_DEFAULT = 'resi';
/** Standard sticky sessions: 3 to 30 minutes, with a session id of the user's choice. */
export const STICKY_MINUTES = { min: 3, max: 30 } as const;
/** Extended sticky sessions: under 180 minutes. */
export const EXTENDED_MINUTES = { min: 3, max: 179 } as const;
/** Up to 30 minutes a session is `sid`, beyond it `lsid`. */
export const SID_MAX_MINUTES = 30;
export const SESSION_ID_MAX = 16;
export const MAX_LINES = 1000;

export type SessionMode = 'rotating' | 'sticky' | 'extended';

export interface ProxyParams {
  account: string;
  zone?: string;
  /** ISO 3166-1 alpha-2; any case on input, upper case in the username; empty: any country. */
  country?: string;
  state?: string;
  city?: string;
  /** A postcode of the country (US: 5-digit ZIP); no state or city with it; fills in the country. */
  postcode?: string;
  /** The ISP by its ASN; must be one of the country's (targeting.ts `ispsOf`). */
  asn?: number;
  session: SessionMode;
  /** sticky only: at most 16 letters or digits; empty: a random 8-digit id per line. */
  sessionId?: string;
  /** sticky: 3–30; extended: 3–179. */
  minutes?: number;
}

export type CredentialIssue =
  | 'account'
  | 'zone'
  | 'country'
  | 'state'
  | 'city'
  /** Not a postcode of the country's format, or none that exists. */
  | 'postcode'
  /** The country has no postcode data (only US postcodes can be targeted). */
  | 'postcodeCountry'
  /** A postcode with a state or city: the postcode alone says where. */
  | 'postcodePlace'
  /** No ISP of that ASN. */
  | 'isp'
  /** The ISP is not one of the chosen country's (or no country is chosen). */
  | 'ispCountry'
  /** Postcode and ISP together. */
  | 'postcodeIsp'
  | 'sessionId'
  | 'stickyMinutes'
  | 'extendedMinutes'
  | 'count';

const SESSION_ID = /^[A-Za-z0-9]{1,16}$/;
const ACCOUNT = /^[A-Za-z0-9_]{3,32}$/;
const ZONE = /^[a-z0-9]{1,16}$/;

/** `Los Angeles` → `losangeles`; `São Paulo` → `saopaulo`: the place names the gateway matches. */
export function placeToken(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** The country targeted: the one given, or the postcode's when only a postcode is given. */
export function countryOf(params: Pick<ProxyParams, 'country' | 'postcode'>): string {
  const country = (params.country ?? '').trim().toUpperCase();
  return !country && params.postcode?.trim() ? POSTCODE_DEFAULT_COUNTRY : country;
}

/** The region part: `any`, `CC`, `CC_state` or `CC_state_city` (a city needs its state). */
export function regionOf(params: Pick<ProxyParams, 'country' | 'state' | 'city' | 'postcode'>): string {
  const country = countryOf(params);
  if (!country) return 'any';
  const state = placeToken(params.state ?? '');
  const city = placeToken(params.city ?? '');
  if (!state) return country;
  return city ? `${country}_${state}_${city}` : `${country}_${state}`;
}

/**
 * What is wrong with the parameters, by field (empty: fine). A postcode's existence is checked when
 * `postcodeExists` is given (postcode-data.ts); its format always.
 */
export function validateParams(params: ProxyParams, postcodeExists?: PostcodeExists): CredentialIssue[] {
  const issues: CredentialIssue[] = [];
  if (!ACCOUNT.test(params.account)) issues.push('account');
  if (params.zone !== undefined && !ZONE.test(params.zone)) issues.push('zone');
  const country = (params.country ?? '').trim();
  if (country && !/^[A-Za-z]{2}$/.test(country)) issues.push('country');
  if (!country && (params.state || params.city)) issues.push('country');
  if (params.state && !placeToken(params.state)) issues.push('state');
  if (params.city && (!placeToken(params.city) || !placeToken(params.state ?? ''))) issues.push('city');
  const postcode = params.postcode?.trim();
  if (postcode) {
    const problem = postcodeProblem(countryOf(params), postcode, postcodeExists);
    if (problem) issues.push(problem);
    if (params.state || params.city) issues.push('postcodePlace');
  }
  if (params.asn !== undefined) {
    const isp = Number.isInteger(params.asn) ? ispByAsn(params.asn) : null;
    if (!isp) issues.push('isp');
    else if (isp.country !== countryOf(params)) issues.push('ispCountry');
    if (postcode) issues.push('postcodeIsp');
  }
  const minutes = params.minutes;
  if (params.session === 'sticky') {
    if (params.sessionId && !SESSION_ID.test(params.sessionId)) issues.push('sessionId');
    if (!Number.isInteger(minutes) || (minutes as number) < STICKY_MINUTES.min || (minutes as number) > STICKY_MINUTES.max)
      issues.push('stickyMinutes');
  }
  if (params.session === 'extended') {
    if (!Number.isInteger(minutes) || (minutes as number) < EXTENDED_MINUTES.min || (minutes as number) > EXTENDED_MINUTES.max)
      issues.push('extendedMinutes');
  }
  return issues;
}

export type RandomInt = (min: number, maxExclusive: number) => number;
const mathRandom: RandomInt = (min, max) => min + Math.floor(Math.random() * (max - min));

/** A random session id of 8 digits (the first not 0, so it stays 8 digits as a number). */
export const randomSessionId = (random: RandomInt = mathRandom) => String(random(10_000_000, 100_000_000));
/** A long-session number: 8 digits starting with 9. */
export const randomLongSessionId = (random: RandomInt = mathRandom) => String(random(90_000_000, 100_000_000));

/**
 * The username of one line. Throws on invalid parameters (validate first to show messages). Each call
 * of a sticky session without a given id draws a new random id: one per line.
 */
export function buildUsername(params: ProxyParams, random: RandomInt = mathRandom): string {
  const issues = validateParams(params);
  if (issues.length > 0) throw new Error(`invalid proxy parameters: ${issues.join(', ')}`);
  const postcode = params.postcode?.trim() ? `-zip-${normalizePostcode(params.postcode)}` : '';
  const isp = params.asn !== undefined ? `-asn-${params.asn}` : '';
  const base = `${params.account}-zone-${params.zone ?? ZONE_DEFAULT}-region-${regionOf(params)}${postcode}${isp}`;
  if (params.session === 'rotating') return base;
  const minutes = params.minutes as number;
  if (minutes <= SID_MAX_MINUTES) {
    const id = params.session === 'sticky' && params.sessionId ? params.sessionId : randomSessionId(random);
    return `${base}-sid-${id}-t-${minutes}`;
  }
  return `${base}-lsid-${randomLongSessionId(random)}-t-${minutes}`;
}

export interface ParsedUsername {
  account: string;
  zone: string;
  region: string;
  country: string | null;
  state: string | null;
  city: string | null;
  postcode: string | null;
  isp: Pick<Isp, 'asn' | 'name'> | null;
  session: { kind: 'sid' | 'lsid'; id: string; minutes: number } | null;
}

const USERNAME =
  /^([A-Za-z0-9_]{3,32})-zone-([a-z0-9]{1,16})-region-(any|[A-Z]{2}(?:_[a-z0-9]+(?:_[a-z0-9]+)?)?)(?:-zip-([A-Z0-9]{3,10}))?(?:-asn-([1-9]\d{0,9}))?(?:-(sid)-([A-Za-z0-9]{1,16})-t-(\d{1,3})|-(lsid)-(9\d{7})-t-(\d{1,3}))?$/;

/**
 * The proxy account a username names, as the network reports it in usage records: the bare account
 * (`u1k2abcde_shop`) or a full username with its targeting (`u1k2abcde_shop-zone-resi-region-US`).
 * Only the account part is read; null when even that is malformed.
 */
export function accountOfUsername(username: string): string | null {
  const account = username.split('-', 1)[0] ?? '';
  return ACCOUNT.test(account) ? account : null;
}

/**
 * Reads a username back (the verification endpoint's side); null unless it follows every rule (a
 * postcode's existence when `postcodeExists` is given: the server always gives it).
 */
export function parseUsername(username: string, postcodeExists?: PostcodeExists): ParsedUsername | null {
  const m = USERNAME.exec(username);
  if (!m) return null;
  const [, account = '', zone = '', region = '', postcode = null, asn = null] = m;
  const [country = null, state = null, city = null] = region === 'any' ? [] : region.split('_');
  // The same rules as validateParams: a postcode of the region's country alone, an ISP of it, not both.
  if (postcode && (!country || state || asn || postcodeProblem(country, postcode, postcodeExists))) return null;
  const found = asn ? ispByAsn(Number(asn)) : null;
  if (asn && found?.country !== country) return null;
  const isp = found && { asn: found.asn, name: found.name };
  let session: ParsedUsername['session'] = null;
  if (m[6]) {
    const minutes = Number(m[8]);
    if (minutes < STICKY_MINUTES.min || minutes > SID_MAX_MINUTES) return null;
    session = { kind: 'sid', id: m[7] as string, minutes };
  } else if (m[9]) {
    const minutes = Number(m[11]);
    if (minutes <= SID_MAX_MINUTES || minutes > EXTENDED_MINUTES.max) return null;
    session = { kind: 'lsid', id: m[10] as string, minutes };
  }
  return { account, zone, region, country, state, city, postcode, isp, session };
}

/**
 * `host:port:user` is for IP allow-list authentication: no password (the gateway knows the client
 * by its source address); the username still carries the targeting.
 */
export type LineFormat = 'host:port:user:pass' | 'user:pass@host:port' | 'protocol://user:pass@host:port' | 'host:port:user';

/** Whether lines of this format carry the password (IP allow-list lines do not). */
export const formatHasPassword = (format: LineFormat) => format !== 'host:port:user';
export type ProxyProtocol = 'http' | 'https' | 'socks5';

export interface Endpoint {
  host: string;
  port: number;
}

/** One output line in the chosen format. */
export function formatLine(format: LineFormat, protocol: ProxyProtocol, endpoint: Endpoint, user: string, password: string) {
  switch (format) {
    case 'host:port:user:pass':
      return `${endpoint.host}:${endpoint.port}:${user}:${password}`;
    case 'user:pass@host:port':
      return `${user}:${password}@${endpoint.host}:${endpoint.port}`;
    case 'protocol://user:pass@host:port':
      return `${protocol}://${user}:${password}@${endpoint.host}:${endpoint.port}`;
    case 'host:port:user':
      return `${endpoint.host}:${endpoint.port}:${user}`;
  }
}

export interface GenerateInput {
  params: ProxyParams;
  password: string;
  endpoint: Endpoint;
  protocol: ProxyProtocol;
  format: LineFormat;
  count: number;
}

/** N lines; sticky sessions without a given id get their own random id on each line. */
export function generateLines(input: GenerateInput, random: RandomInt = mathRandom): string[] {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_LINES) {
    throw new Error('invalid proxy parameters: count');
  }
  return Array.from({ length: input.count }, () =>
    formatLine(input.format, input.protocol, input.endpoint, buildUsername(input.params, random), input.password),
  );
}

/** A ready-to-run check of one line: curl through the proxy to an IP echo service. */
export function curlCommand(protocol: ProxyProtocol, endpoint: Endpoint, user: string, password: string): string {
  const scheme = protocol === 'socks5' ? 'socks5h' : protocol;
  return `curl -x ${scheme}://${endpoint.host}:${endpoint.port} -U '${user}:${password}' https://ipinfo.io/json`;
}
