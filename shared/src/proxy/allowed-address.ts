import ipaddr from 'ipaddr.js';

/**
 * IP allow-list entries (issue 18): a public IPv4/IPv6 address or a range no wider than /24 (IPv4)
 * or /48 (IPv6), normalised to its network (`203.0.113.7` → `203.0.113.7/32`, `1.2.3.4/24` →
 * `1.2.3.0/24`), the form PostgreSQL's `cidr` stores. Parsed by ipaddr.js (the library behind
 * Fastify's and Express's proxy-addr), the same in the browser and on the server.
 */
export const PROXY_MAX_ALLOWED_IPS = 50;
export const WIDEST_PREFIX = { 4: 24, 6: 48 } as const;

export type AllowedAddressRefusal = 'format' | 'tooWide' | 'private' | 'loopback' | 'reserved';
export type AllowedAddress =
  | { ok: true; network: string; version: 4 | 6; single: boolean }
  | { ok: false; reason: AllowedAddressRefusal };

/** What ipaddr.js calls the range of an address, as the reason a user is told. */
function refusalOf(range: string): AllowedAddressRefusal | null {
  if (range === 'unicast') return null;
  if (range === 'private' || range === 'uniqueLocal' || range === 'carrierGradeNat' || range === 'linkLocal') return 'private';
  if (range === 'loopback') return 'loopback';
  return 'reserved';
}

const DOTTED_QUAD = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/;

export function parseAllowedAddress(input: string): AllowedAddress {
  const text = input.trim();
  if (text.length === 0 || text.length > 64) return { ok: false, reason: 'format' };
  // ipaddr.js also reads `1`, `0x7f.1` and other historic IPv4 forms: only dotted quads are meant.
  if (!text.includes(':') && !DOTTED_QUAD.test(text)) return { ok: false, reason: 'format' };
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  let prefix: number;
  try {
    if (text.includes('/')) {
      const [parsedAddress, parsedPrefix] = ipaddr.parseCIDR(text);
      address = parsedAddress;
      prefix = parsedPrefix;
    } else {
      address = ipaddr.parse(text);
      prefix = address.kind() === 'ipv4' ? 32 : 128;
    }
  } catch {
    return { ok: false, reason: 'format' };
  }
  // An IPv4 address written as IPv6 (::ffff:1.2.3.4) is the IPv4 address: a proxy sees it as such.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    if (prefix < 96) return { ok: false, reason: 'reserved' };
    address = (address as ipaddr.IPv6).toIPv4Address();
    prefix -= 96;
  }
  const version = address.kind() === 'ipv4' ? 4 : 6;
  if (prefix < WIDEST_PREFIX[version]) return { ok: false, reason: 'tooWide' };
  const refusal = refusalOf(address.range());
  if (refusal) return { ok: false, reason: refusal };
  const network =
    version === 4
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  return { ok: true, network: `${network.toString()}/${prefix}`, version, single: prefix === (version === 4 ? 32 : 128) };
}

/** `203.0.113.7/32` → `203.0.113.7`: a single address is shown without its prefix. */
export function displayNetwork(network: string): string {
  const single = network.includes(':') ? '/128' : '/32';
  return network.endsWith(single) ? network.slice(0, -single.length) : network;
}

/** Whether `ip` (a source address as the proxy network reports it) is a valid IPv4 or IPv6 address. */
export function isIpAddress(ip: string): boolean {
  const text = ip.trim();
  return (text.includes(':') || DOTTED_QUAD.test(text)) && !text.includes('/') && ipaddr.isValid(text);
}

/**
 * The address space a user's allow-list entries claim, over all their accounts (issue 27): IPv4 in
 * addresses, IPv6 in /64 networks, the smallest network an IPv6 host or LAN is given (an entry
 * narrower than /64 claims its /64). Space is counted once however many entries or accounts hold
 * it: CIDR blocks either nest or are disjoint, so sorted by start (wider first) a block that starts
 * inside the last counted one lies wholly within it.
 */
export interface AllowListSpace {
  /** IPv4 addresses. */
  ipv4: number;
  /** IPv6 /64 networks. */
  ipv6: number;
}

interface Block {
  start: bigint;
  size: bigint;
}

function blockOf(network: string): { version: 4 | 6; block: Block } | null {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  let prefix: number;
  try {
    [address, prefix] = ipaddr.parseCIDR(network);
  } catch {
    return null;
  }
  const bytes = address.toByteArray();
  if (address.kind() === 'ipv4') {
    const value = bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);
    const size = 1n << BigInt(32 - prefix);
    return { version: 4, block: { start: value - (value % size), size } };
  }
  // The upper 64 bits: the /64 network an address is in.
  const high = bytes.slice(0, 8).reduce((n, b) => (n << 8n) | BigInt(b), 0n);
  const size = 1n << BigInt(Math.max(0, 64 - prefix));
  return { version: 6, block: { start: high - (high % size), size } };
}

function unionSize(blocks: Block[]): number {
  blocks.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.size > b.size ? -1 : a.size < b.size ? 1 : 0));
  let total = 0n;
  let end = -1n;
  for (const { start, size } of blocks) {
    if (start < end) continue;
    total += size;
    end = start + size;
  }
  return Number(total);
}

/** The space the normalised networks (`203.0.113.0/24`, `2001:db8::/48`) claim together; others are ignored. */
export function allowListSpace(networks: readonly string[]): AllowListSpace {
  const blocks: Record<4 | 6, Block[]> = { 4: [], 6: [] };
  for (const network of networks) {
    const parsed = blockOf(network);
    if (parsed) blocks[parsed.version].push(parsed.block);
  }
  return { ipv4: unionSize(blocks[4]), ipv6: unionSize(blocks[6]) };
}
