import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildUsername,
  curlCommand,
  formatLine,
  generateLines,
  type ProxyParams,
  parseUsername,
  randomLongSessionId,
  randomSessionId,
  regionOf,
  validateParams,
} from './credentials.ts';

const base: ProxyParams = { account: 'u12345678', session: 'rotating' };
const sticky = (over: Partial<ProxyParams>): ProxyParams => ({ ...base, session: 'sticky', minutes: 10, ...over });
const extended = (over: Partial<ProxyParams>): ProxyParams => ({ ...base, session: 'extended', minutes: 60, ...over });

describe('proxy username rules (SPEC section 5)', () => {
  it('takes a session id of at most 16 letters or digits', () => {
    expect(validateParams(sticky({ sessionId: 'a'.repeat(16) }))).toEqual([]);
    expect(validateParams(sticky({ sessionId: 'a'.repeat(17) }))).toEqual(['sessionId']);
    expect(validateParams(sticky({ sessionId: 'abc-123' }))).toEqual(['sessionId']);
    expect(validateParams(sticky({ sessionId: 'Ab9' }))).toEqual([]);
  });

  it('takes a sticky time of 3 to 30 whole minutes', () => {
    expect(validateParams(sticky({ minutes: 2 }))).toEqual(['stickyMinutes']);
    expect(validateParams(sticky({ minutes: 3 }))).toEqual([]);
    expect(validateParams(sticky({ minutes: 30 }))).toEqual([]);
    expect(validateParams(sticky({ minutes: 31 }))).toEqual(['stickyMinutes']);
    expect(validateParams(sticky({ minutes: 10.5 }))).toEqual(['stickyMinutes']);
  });

  it('takes an extended time under 180 minutes', () => {
    expect(validateParams(extended({ minutes: 179 }))).toEqual([]);
    expect(validateParams(extended({ minutes: 180 }))).toEqual(['extendedMinutes']);
    expect(validateParams(extended({ minutes: 2 }))).toEqual(['extendedMinutes']);
  });

  it('uses sid up to 30 minutes and lsid with a leading-9 8-digit number beyond', () => {
    expect(buildUsername(extended({ minutes: 30 }))).toMatch(/-sid-\d{8}-t-30$/);
    const long = buildUsername(extended({ minutes: 31 }));
    expect(long).toMatch(/-lsid-9\d{7}-t-31$/);
    expect(buildUsername(sticky({ minutes: 30, sessionId: 'shop1' }))).toMatch(/-sid-shop1-t-30$/);
  });

  it('draws random session ids of 8 digits', () => {
    for (let i = 0; i < 200; i++) {
      expect(randomSessionId()).toMatch(/^[1-9]\d{7}$/);
      expect(randomLongSessionId()).toMatch(/^9\d{7}$/);
    }
    expect(buildUsername(sticky({}))).toMatch(/-sid-\d{8}-t-10$/);
  });

  it('writes the country upper case and the region as any, CC, CC_state or CC_state_city', () => {
    expect(regionOf({})).toBe('any');
    expect(regionOf({ country: 'us' })).toBe('US');
    expect(regionOf({ country: 'us', state: 'California' })).toBe('US_california');
    expect(regionOf({ country: 'Us', state: 'California', city: 'Los Angeles' })).toBe('US_california_losangeles');
    expect(regionOf({ country: 'br', state: 'São Paulo', city: 'São Paulo' })).toBe('BR_saopaulo_saopaulo');
    expect(buildUsername({ ...base, country: 'de' })).toBe('u12345678-zone-resi-region-DE');
    expect(validateParams({ ...base, country: 'usa' })).toEqual(['country']);
    expect(validateParams({ ...base, city: 'Paris' })).toContain('country');
    expect(validateParams({ ...base, country: 'FR', city: 'Paris' })).toEqual(['city']);
  });

  it('prints each format and a curl command', () => {
    const endpoint = { host: 'gw.novaproxy.com', port: 7777 };
    expect(formatLine('host:port:user:pass', 'http', endpoint, 'u', 'p')).toBe('gw.novaproxy.com:7777:u:p');
    expect(formatLine('user:pass@host:port', 'http', endpoint, 'u', 'p')).toBe('u:p@gw.novaproxy.com:7777');
    expect(formatLine('protocol://user:pass@host:port', 'socks5', endpoint, 'u', 'p')).toBe('socks5://u:p@gw.novaproxy.com:7777');
    expect(curlCommand('socks5', endpoint, 'u', 'p')).toBe(
      "curl -x socks5h://gw.novaproxy.com:7777 -U 'u:p' https://ipinfo.io/json",
    );
  });

  it('gives each sticky line its own session id', () => {
    const lines = generateLines({
      params: sticky({ country: 'US', state: 'california', city: 'losangeles' }),
      password: 'pw',
      endpoint: { host: 'gw', port: 1 },
      protocol: 'http',
      format: 'host:port:user:pass',
      count: 10,
    });
    expect(lines).toHaveLength(10);
    const ids = lines.map((l) => /-sid-(\d{8})-/.exec(l)?.[1]);
    expect(new Set(ids).size).toBe(10);
    expect(() =>
      generateLines({
        ...{ params: base, password: 'p', endpoint: { host: 'g', port: 1 } },
        protocol: 'http',
        format: 'host:port:user:pass',
        count: 0,
      }),
    ).toThrow();
  });
});

describe('every generated username parses back to its parameters', () => {
  const token = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
  const params = fc.record({
    account: fc.stringMatching(/^[A-Za-z0-9_]{3,32}$/),
    country: fc.option(fc.stringMatching(/^[a-zA-Z]{2}$/), { nil: undefined }),
    state: fc.option(token, { nil: undefined }),
    city: fc.option(token, { nil: undefined }),
    session: fc.constantFrom('rotating', 'sticky', 'extended') as fc.Arbitrary<ProxyParams['session']>,
    sessionId: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,16}$/), { nil: undefined }),
    stickyMinutes: fc.integer({ min: 3, max: 30 }),
    extendedMinutes: fc.integer({ min: 3, max: 179 }),
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(params, (p) => {
        const input: ProxyParams = {
          account: p.account,
          session: p.session,
          ...(p.country && { country: p.country }),
          ...(p.country && p.state && { state: p.state }),
          ...(p.country && p.state && p.city && { city: p.city }),
          ...(p.session === 'sticky' && p.sessionId && { sessionId: p.sessionId }),
          ...(p.session !== 'rotating' && { minutes: p.session === 'sticky' ? p.stickyMinutes : p.extendedMinutes }),
        };
        const parsed = parseUsername(buildUsername(input));
        expect(parsed).not.toBeNull();
        expect(parsed?.account).toBe(input.account);
        expect(parsed?.zone).toBe('resi');
        expect(parsed?.country).toBe(input.country ? input.country.toUpperCase() : null);
        expect(parsed?.state).toBe(input.state ?? null);
        expect(parsed?.city).toBe(input.city ?? null);
        if (input.session === 'rotating') expect(parsed?.session).toBeNull();
        else {
          expect(parsed?.session?.minutes).toBe(input.minutes);
          expect(parsed?.session?.kind).toBe((input.minutes as number) <= 30 ? 'sid' : 'lsid');
          if (input.session === 'sticky' && input.sessionId) expect(parsed?.session?.id).toBe(input.sessionId);
          if (parsed?.session?.kind === 'lsid') expect(parsed.session.id).toMatch(/^9\d{7}$/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses usernames that break a rule', () => {
    for (const bad of [
      'u12345678-zone-resi-region-us',
      'u12345678-zone-resi-region-US-sid-12345678901234567-t-10',
      'u12345678-zone-resi-region-US-sid-1234-t-31',
      'u12345678-zone-resi-region-US-sid-1234-t-2',
      'u12345678-zone-resi-region-US-lsid-81234567-t-60',
      'u12345678-zone-resi-region-US-lsid-91234567-t-180',
      'u12345678-zone-resi-region-US-lsid-91234567-t-30',
      'u12345678-zone-resi',
    ]) {
      expect(parseUsername(bad), bad).toBeNull();
    }
  });
});
