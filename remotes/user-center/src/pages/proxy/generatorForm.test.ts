import { describe, expect, it } from 'vitest';
import { postcodeExists } from '@portal/shared/proxy/postcode-data';
import { defaultForm, listOptionsOf, readForm } from './generatorForm.ts';

const form = (over: Partial<ReturnType<typeof defaultForm>>) => ({ ...defaultForm('1', 'global'), ...over });

describe('readForm', () => {
  it('turns the form into rotating parameters by default', () => {
    expect(readForm(form({}), 'u1abc').params).toEqual({ account: 'u1abc', session: 'rotating' });
  });

  it('keeps only a complete region chain and the session fields of the chosen mode', () => {
    const { params, issues } = readForm(
      form({ country: 'US', state: 'california', city: 'losangeles', session: 'sticky', sessionId: ' shop1 ', minutes: '20' }),
      'u1abc',
    );
    expect(issues).toEqual([]);
    expect(params).toEqual({
      account: 'u1abc',
      session: 'sticky',
      country: 'US',
      state: 'california',
      city: 'losangeles',
      sessionId: 'shop1',
      minutes: 20,
    });
    expect(readForm(form({ city: 'losangeles' }), 'u1abc').params).toEqual({ account: 'u1abc', session: 'rotating' });
  });

  it('takes a postcode (filling in the country) or an ISP of the country, and says which rule breaks', () => {
    expect(readForm(form({ postcode: ' 90210 ' }), 'u1abc')).toMatchObject({
      params: { account: 'u1abc', session: 'rotating', postcode: '90210' },
      issues: [],
    });
    expect(readForm(form({ country: 'US', asn: '7922' }), 'u1abc').params).toEqual({
      account: 'u1abc',
      session: 'rotating',
      country: 'US',
      asn: 7922,
    });
    expect(readForm(form({ postcode: '1234' }), 'u1abc').issues).toEqual(['postcode']);
    expect(readForm(form({ postcode: '00000' }), 'u1abc', postcodeExists).issues).toEqual(['postcode']);
    expect(readForm(form({ country: 'DE', postcode: '10115' }), 'u1abc').issues).toEqual(['postcodeCountry']);
    expect(readForm(form({ country: 'US', state: 'california', postcode: '90210' }), 'u1abc').issues).toEqual(['postcodePlace']);
    expect(readForm(form({ country: 'DE', asn: '7922' }), 'u1abc').issues).toEqual(['ispCountry']);
    expect(readForm(form({ country: 'US', postcode: '90210', asn: '7922' }), 'u1abc').issues).toEqual(['postcodeIsp']);
  });

  it('reports the rules it breaks', () => {
    expect(readForm(form({ session: 'sticky', minutes: '31' }), 'u1abc').issues).toEqual(['stickyMinutes']);
    expect(readForm(form({ session: 'extended', minutes: '180' }), 'u1abc').issues).toEqual(['extendedMinutes']);
    expect(readForm(form({ session: 'sticky', sessionId: 'x'.repeat(17) }), 'u1abc').issues).toEqual(['sessionId']);
    expect(readForm(form({ count: '0' }), 'u1abc').issues).toEqual(['count']);
    expect(readForm(form({ count: '1001' }), 'u1abc').issues).toEqual(['count']);
    expect(readForm(form({ session: 'sticky', minutes: 'ten' }), 'u1abc').issues).toEqual(['stickyMinutes']);
  });
});

describe('listOptionsOf', () => {
  it("gives a list link the generator's options", () => {
    expect(
      listOptionsOf(
        form({ country: 'US', state: 'california', session: 'extended', minutes: '60', protocol: 'socks5', count: '25' }),
      ),
    ).toEqual({
      country: 'US',
      state: 'california',
      session: 'extended',
      minutes: 60,
      protocol: 'socks5',
      endpointArea: 'global',
      lineFormat: 'host:port:user:pass',
      count: 25,
    });
  });

  it('is null while the generator shows a problem', () => {
    expect(listOptionsOf(form({ count: '0' }))).toBeNull();
    expect(listOptionsOf(form({ session: 'sticky', minutes: '45' }))).toBeNull();
  });
});
