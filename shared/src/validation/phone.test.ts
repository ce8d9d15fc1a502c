import { describe, expect, it } from 'vitest';
import {
  defaultPhoneRegion,
  internationalForm,
  isValidMobile,
  mobileRegions,
  normalizeMobile,
  phoneCountryOptions,
  smsAllowed,
} from './phone.ts';

describe('normalizeMobile', () => {
  it('keeps mainland numbers as the 11 digits accounts are stored with, however they are typed', () => {
    for (const typed of [
      '13800138000',
      ' 13800138000 ',
      '138 0013 8000',
      '+8613800138000',
      '+86 138-0013-8000',
      '008613800138000',
    ])
      expect(normalizeMobile(typed), typed).toBe('13800138000');
  });

  it('keeps the mainland rule of before: every 1[3-9] number stays valid, other +86 numbers do not pass', () => {
    // 140… is an IoT range libphonenumber refuses as a mobile; accounts with it existed before.
    expect(normalizeMobile('14012345678')).toBe('14012345678');
    expect(normalizeMobile('+8614012345678')).toBe('14012345678');
    expect(normalizeMobile('12012345678')).toBeNull();
    expect(normalizeMobile('+86 10 1234 5678')).toBeNull(); // a Beijing landline
  });

  it('stores other countries in E.164, validated as mobile numbers', () => {
    expect(normalizeMobile('+1 (415) 555-0123')).toBe('+14155550123');
    expect(normalizeMobile('+44 7911 123456')).toBe('+447911123456');
    expect(normalizeMobile('0044 7911 123456')).toBe('+447911123456');
    expect(normalizeMobile('+852 9123 4567')).toBe('+85291234567');
    expect(normalizeMobile('+81 90-1234-5678')).toBe('+819012345678');
  });

  it('refuses landlines, short, long, lettered and control-character input', () => {
    for (const typed of [
      '+44 20 7123 4567',
      '+1 415 555',
      '+1415555012345678',
      '+1 415 CALL NOW',
      '+1415555\u00000123',
      '',
      '+',
      '4155550123',
    ])
      expect(normalizeMobile(typed), JSON.stringify(typed)).toBeNull();
  });

  it('reads a national number in a default country (the login field), never as mainland', () => {
    expect(normalizeMobile('(415) 555-0123', 'US')).toBe('+14155550123');
    expect(normalizeMobile('07911 123456', 'GB')).toBe('+447911123456');
    // 11 digits starting with 1[3-9] are the mainland's, as they always were.
    expect(normalizeMobile('13800138000', 'US')).toBe('13800138000');
    expect(normalizeMobile('4155550123', 'CN')).toBeNull();
  });

  it('isValidMobile is the contract rule (no default country)', () => {
    expect(isValidMobile('13800138000')).toBe(true);
    expect(isValidMobile('+14155550123')).toBe(true);
    expect(isValidMobile('4155550123')).toBe(false);
  });
});

describe('internationalForm', () => {
  it('puts the picked country code before the national number, without the trunk 0', () => {
    expect(internationalForm('US', '(415) 555-0123')).toBe('+14155550123');
    expect(internationalForm('GB', '07911 123456')).toBe('+447911123456');
    expect(internationalForm('CN', '138 0013 8000')).toBe('+8613800138000');
    expect(normalizeMobile(internationalForm('CN', '13800138000'))).toBe('13800138000');
  });

  it('leaves a number typed with its own + code alone', () => {
    expect(internationalForm('CN', '+1 415 555 0123')).toBe('+1 415 555 0123');
  });
});

describe('SMS regions', () => {
  it('names the regions of a stored number', () => {
    expect(mobileRegions('13800138000')).toEqual(['CN']);
    expect(mobileRegions('+14155550123')[0]).toBe('US');
    expect(mobileRegions('+447911123456')).toContain('GB');
  });

  it('allows a number when one of its regions is allowed; null allows all', () => {
    expect(smsAllowed('13800138000', ['CN'])).toBe(true);
    expect(smsAllowed('+14155550123', ['CN'])).toBe(false);
    expect(smsAllowed('+14155550123', ['CN', 'US'])).toBe(true);
    expect(smsAllowed('+447911123456', ['GB'])).toBe(true);
    expect(smsAllowed('+14155550123', null)).toBe(true);
  });
});

describe('defaultPhoneRegion', () => {
  it('starts Chinese pages on the mainland and English ones on the browser region, else the US', () => {
    expect(defaultPhoneRegion('zh-CN', ['en-GB'])).toBe('CN');
    expect(defaultPhoneRegion('en', ['en-GB', 'en'])).toBe('GB');
    expect(defaultPhoneRegion('en', ['de-DE'])).toBe('DE');
    expect(defaultPhoneRegion('en', ['en'])).toBe('US');
    expect(defaultPhoneRegion('en', ['not a tag!', 'fr-CA'])).toBe('CA');
    expect(defaultPhoneRegion('en', [])).toBe('US');
  });

  it('stays within the offered regions', () => {
    expect(defaultPhoneRegion('en', ['en-GB'], ['CN', 'HK'])).toBe('CN');
    expect(defaultPhoneRegion('zh-CN', [], ['US'])).toBe('US');
    expect(defaultPhoneRegion('en', ['en-GB'], ['GB', 'US'])).toBe('GB');
  });
});

describe('phoneCountryOptions', () => {
  it('offers the allowed inhabited countries with their calling codes, sorted by name in the language', () => {
    expect(phoneCountryOptions('en', ['US', 'CN', 'HK'])).toEqual([
      { code: 'CN', name: 'China', callingCode: '86' },
      { code: 'HK', name: 'Hong Kong SAR China', callingCode: '852' },
      { code: 'US', name: 'United States', callingCode: '1' },
    ]);
    const all = phoneCountryOptions('zh-CN', null);
    expect(all.length).toBeGreaterThan(200);
    expect(all.map((o) => o.code)).not.toContain('AQ');
    expect(all.find((o) => o.code === 'US')?.name).toBe('美国');
  });
});
