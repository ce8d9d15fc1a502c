import { describe, expect, it } from 'vitest';
import { allowListSpace, displayNetwork, isIpAddress, parseAllowedAddress } from './allowed-address.ts';

describe('allow-list addresses', () => {
  it('normalise public addresses and ranges to their network', () => {
    expect(parseAllowedAddress(' 8.8.4.4 ')).toEqual({ ok: true, network: '8.8.4.4/32', version: 4, single: true });
    expect(parseAllowedAddress('8.8.4.77/24')).toEqual({ ok: true, network: '8.8.4.0/24', version: 4, single: false });
    expect(parseAllowedAddress('2001:4860:4860::8888')).toMatchObject({ ok: true, network: '2001:4860:4860::8888/128' });
    expect(parseAllowedAddress('2001:4860:4860:1::/48')).toMatchObject({ ok: true, network: '2001:4860:4860::/48' });
    expect(parseAllowedAddress('::ffff:8.8.8.8')).toMatchObject({ ok: true, network: '8.8.8.8/32', version: 4 });
  });

  it('refuse ranges wider than /24 or /48', () => {
    expect(parseAllowedAddress('8.8.0.0/16')).toEqual({ ok: false, reason: 'tooWide' });
    expect(parseAllowedAddress('8.8.8.0/23')).toEqual({ ok: false, reason: 'tooWide' });
    expect(parseAllowedAddress('2001:4860::/32')).toEqual({ ok: false, reason: 'tooWide' });
  });

  it('refuse private, loopback and reserved addresses with the reason', () => {
    for (const a of ['10.1.2.3', '192.168.1.10', '172.16.0.1', '100.64.0.1', '169.254.1.1', 'fc00::1', 'fe80::1'])
      expect(parseAllowedAddress(a)).toEqual({ ok: false, reason: 'private' });
    for (const a of ['127.0.0.1', '::1']) expect(parseAllowedAddress(a)).toEqual({ ok: false, reason: 'loopback' });
    for (const a of ['0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1', '2001:db8::1', '::', 'ff02::1'])
      expect(parseAllowedAddress(a)).toEqual({ ok: false, reason: 'reserved' });
  });

  it('refuse what is not an address, including historic IPv4 forms', () => {
    for (const a of ['', 'example.com', '1.2.3', '1', '0x08.8.8.8', '8.8.8.8/33', '8.8.8.256', '8.8.8.8/x', 'a'.repeat(70)])
      expect(parseAllowedAddress(a)).toEqual({ ok: false, reason: 'format' });
  });

  it('show single addresses without their prefix', () => {
    expect(displayNetwork('8.8.4.4/32')).toBe('8.8.4.4');
    expect(displayNetwork('8.8.4.0/24')).toBe('8.8.4.0/24');
    expect(displayNetwork('2001:4860::1/128')).toBe('2001:4860::1');
  });

  it('recognise source addresses', () => {
    expect(isIpAddress('8.8.4.4')).toBe(true);
    expect(isIpAddress('2001:4860::1')).toBe(true);
    expect(isIpAddress('8.8.4.0/24')).toBe(false);
    expect(isIpAddress('1')).toBe(false);
  });

  it('count the space of a list: IPv4 addresses and IPv6 /64 networks, each once', () => {
    expect(allowListSpace([])).toEqual({ ipv4: 0, ipv6: 0 });
    expect(allowListSpace(['8.8.4.4/32', '9.9.9.0/24', '1.2.3.128/25'])).toEqual({ ipv4: 1 + 256 + 128, ipv6: 0 });
    // The same range twice, or an address inside a range, takes no more space, in any order.
    expect(allowListSpace(['9.9.9.7/32', '9.9.9.0/24', '9.9.9.0/24', '9.9.9.128/25'])).toEqual({ ipv4: 256, ipv6: 0 });
    expect(allowListSpace(['9.9.9.0/24', '9.9.10.0/24', '9.9.9.255/32'])).toEqual({ ipv4: 512, ipv6: 0 });
    // IPv6 by /64: a /48 is 65,536 of them; addresses in one /64 count once; a /64 inside a /48 is in it.
    expect(allowListSpace(['2001:4860::/48'])).toEqual({ ipv4: 0, ipv6: 65_536 });
    expect(allowListSpace(['2001:4860:0:1::1/128', '2001:4860:0:1::2/128', '2001:4860:0:1:8000::/65'])).toEqual({
      ipv4: 0,
      ipv6: 1,
    });
    expect(allowListSpace(['2001:4860:0:2::/64', '2001:4860::/48', '2a00::/56', '8.8.8.8/32'])).toEqual({
      ipv4: 1,
      ipv6: 65_536 + 256,
    });
    expect(allowListSpace(['ffff:ffff:ffff:ffff::/64', 'ffff:ffff:ffff::/48'])).toEqual({ ipv4: 0, ipv6: 65_536 });
    expect(allowListSpace(['255.255.255.255/32', '255.255.255.0/24'])).toEqual({ ipv4: 256, ipv6: 0 });
  });

  it('count the most entries one user can hold (51 accounts × 50)', () => {
    const networks = Array.from({ length: 2550 }, (_, i) => (i % 2 ? `2a00:${i}::/48` : `20.${i % 250}.${i % 7}.0/24`));
    // Some IPv4 ranges repeat: each is counted once.
    const v4 = new Set(networks.filter((n) => !n.includes(':'))).size;
    expect(allowListSpace(networks)).toEqual({ ipv4: v4 * 256, ipv6: 1275 * 65_536 });
  });
});
