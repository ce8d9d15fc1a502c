import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries.ts';

describe('country options', () => {
  it('offers every inhabited ISO 3166-1 country and region, never Antarctica, Bouvet or Heard Island', () => {
    expect(COUNTRY_CODES).toHaveLength(243);
    for (const code of ['AQ', 'BV', 'HM', 'GS', 'TF', 'UM', 'IO']) expect(isCountryCode(code), code).toBe(false);
    for (const code of ['US', 'CN', 'HK', 'TW', 'XK', 'GB']) expect(isCountryCode(code), code).toBe(true);
  });

  it('uses the names people use, from CLDR, in each language', () => {
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('IR', 'en')).toBe('Iran');
    expect(countryName('TW', 'en')).toBe('Taiwan');
    expect(countryName('US', 'zh-CN')).toBe('美国');
    expect(countryName('GB', 'zh-CN')).toBe('英国');
  });

  it("sorts by the shown name with the language's collation", () => {
    const en = countryOptions('en').map((o) => o.name);
    expect(en.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    const zh = countryOptions('zh-CN').map((o) => o.name);
    // Pinyin order: 阿 (a) before 埃 (ai) before 爱 (ai), 中国 (zhong) near the end.
    expect(zh.indexOf('阿根廷')).toBeLessThan(zh.indexOf('埃及'));
    expect(zh.indexOf('中国')).toBeGreaterThan(zh.indexOf('英国'));
    expect(zh).not.toContain('南极洲');
  });

  it('narrows to given codes and drops uninhabited ones', () => {
    expect(countryOptions('en', ['US', 'CN', 'AQ']).map((o) => o.code)).toEqual(['CN', 'US']);
  });
});
