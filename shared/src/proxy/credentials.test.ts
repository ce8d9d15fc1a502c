import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postcodeExists } from './postcode-data.ts';
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
import { ISPS_BY_COUNTRY } from './targeting-data/isps.ts';
import { ispByAsn, ispsOf, postcodeProblem } from './targeting.ts';

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

describe('postcode and ISP targeting (issue 18)', () => {
  it('writes a US ZIP code after the country, filling the country in', () => {
    expect(buildUsername({ ...base, country: 'us', postcode: ' 90210 ' })).toBe('u12345678-zone-resi-region-US-zip-90210');
    expect(buildUsername({ ...base, postcode: '10001' })).toBe('u12345678-zone-resi-region-US-zip-10001');
    expect(parseUsername('u12345678-zone-resi-region-US-zip-90210')).toMatchObject({
      country: 'US',
      postcode: '90210',
      isp: null,
    });
  });

  it('refuses a postcode with a state or city', () => {
    expect(validateParams({ ...base, country: 'US', state: 'california', postcode: '90210' })).toEqual(['postcodePlace']);
    expect(validateParams({ ...base, country: 'US', state: 'california', city: 'beverlyhills', postcode: '90210' })).toEqual([
      'postcodePlace',
    ]);
    expect(parseUsername('u12345678-zone-resi-region-US_california-zip-90210')).toBeNull();
  });

  it('refuses a ZIP code of the wrong format or one that does not exist', () => {
    for (const zip of ['9021', '902100', '9021O', 'ABCDE', '90210-1234']) {
      expect(validateParams({ ...base, postcode: zip }), zip).toEqual(['postcode']);
    }
    expect(postcodeProblem('US', '00000', postcodeExists)).toBe('postcode');
    expect(postcodeProblem('US', '99999', postcodeExists)).toBe('postcode');
    expect(postcodeProblem('US', '90210', postcodeExists)).toBeNull();
    expect(validateParams({ ...base, postcode: '00000' }, postcodeExists)).toEqual(['postcode']);
    expect(parseUsername('u12345678-zone-resi-region-US-zip-00000', postcodeExists)).toBeNull();
    // Without the data (a page that has not loaded it) only the format is checked.
    expect(validateParams({ ...base, postcode: '00000' })).toEqual([]);
    expect(parseUsername('u12345678-zone-resi-region-US-zip-9021')).toBeNull();
    expect(postcodeProblem('US', '90210')).toBeNull();
    expect(postcodeProblem('US', '02134')).toBeNull();
  });

  it('refuses a postcode of a country without postcode data', () => {
    expect(validateParams({ ...base, country: 'DE', postcode: '10115' })).toEqual(['postcodeCountry']);
    expect(validateParams({ ...base, country: 'GB', postcode: 'SW1A1AA' })).toEqual(['postcodeCountry']);
    expect(parseUsername('u12345678-zone-resi-region-DE-zip-10115')).toBeNull();
    expect(parseUsername('u12345678-zone-resi-region-any-zip-90210')).toBeNull();
  });

  it('takes an ISP of the chosen country, with or without state and city', () => {
    expect(buildUsername({ ...base, country: 'US', asn: 7922 })).toBe('u12345678-zone-resi-region-US-asn-7922');
    expect(buildUsername(sticky({ country: 'GB', state: 'england', city: 'london', asn: 2856, sessionId: 'a1' }))).toBe(
      'u12345678-zone-resi-region-GB_england_london-asn-2856-sid-a1-t-10',
    );
    expect(parseUsername('u12345678-zone-resi-region-DE-asn-3320')?.isp).toEqual({ asn: 3320, name: 'Deutsche Telekom' });
  });

  it('refuses an ISP of another country, an unknown one, or one without a country', () => {
    expect(validateParams({ ...base, country: 'DE', asn: 7922 })).toEqual(['ispCountry']);
    expect(validateParams({ ...base, asn: 7922 })).toEqual(['ispCountry']);
    expect(validateParams({ ...base, country: 'US', asn: 64512 })).toEqual(['isp']);
    expect(parseUsername('u12345678-zone-resi-region-DE-asn-7922')).toBeNull();
    expect(parseUsername('u12345678-zone-resi-region-any-asn-7922')).toBeNull();
    expect(parseUsername('u12345678-zone-resi-region-US-asn-64512')).toBeNull();
  });

  it('refuses postcode and ISP together', () => {
    expect(validateParams({ ...base, country: 'US', postcode: '90210', asn: 7922 })).toEqual(['postcodeIsp']);
    expect(parseUsername('u12345678-zone-resi-region-US-zip-90210-asn-7922')).toBeNull();
  });

  it('lists each ISP once, in one country, with a name', () => {
    const all = Object.values(ISPS_BY_COUNTRY).flat();
    expect(new Set(all.map((i) => i.asn)).size).toBe(all.length);
    for (const country of ['US', 'GB', 'DE', 'JP', 'BR', 'IN', 'HK']) expect(ispsOf(country).length, country).toBeGreaterThan(2);
    expect(ispsOf('CN')).toEqual([]);
    expect(ispByAsn(4760)?.country).toBe('HK');
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
    /** none, a postcode (replacing state and city) or an ISP of the country. */
    targeting: fc.constantFrom('none', 'postcode', 'isp'),
    zip: fc.constantFrom('90210', '10001', '02134', '60614', '94103', '33139', '98101', '73301', '00501', '96801'),
    ispCountry: fc.constantFrom(...Object.keys(ISPS_BY_COUNTRY)),
    ispIndex: fc.nat(),
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(params, (p) => {
        const isps = ispsOf(p.ispCountry);
        const isp = isps[p.ispIndex % isps.length];
        const country = p.targeting === 'isp' ? p.ispCountry : p.targeting === 'postcode' ? p.country && 'us' : p.country;
        const place = p.targeting !== 'postcode';
        const input: ProxyParams = {
          account: p.account,
          session: p.session,
          ...(country && { country }),
          ...(country && place && p.state && { state: p.state }),
          ...(country && place && p.state && p.city && { city: p.city }),
          ...(p.targeting === 'postcode' && { postcode: p.zip }),
          ...(p.targeting === 'isp' && isp && { asn: isp.asn }),
          ...(p.session === 'sticky' && p.sessionId && { sessionId: p.sessionId }),
          ...(p.session !== 'rotating' && { minutes: p.session === 'sticky' ? p.stickyMinutes : p.extendedMinutes }),
        };
        const parsed = parseUsername(buildUsername(input));
        expect(parsed).not.toBeNull();
        expect(parsed?.account).toBe(input.account);
        expect(parsed?.zone).toBe('resi');
        expect(parsed?.country).toBe(input.country ? input.country.toUpperCase() : input.postcode ? 'US' : null);
        expect(parsed?.postcode).toBe(input.postcode ?? null);
        expect(parsed?.isp).toEqual(isp && input.asn ? { asn: isp.asn, name: isp.name } : null);
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
