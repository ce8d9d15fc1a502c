import { describe, expect, it } from 'vitest';
import { catalogs, localeFromHeader, translate } from './index.ts';

describe('message catalogs', () => {
  it('have the same keys in en and zh-CN, none empty', () => {
    expect(Object.keys(catalogs['zh-CN']).sort()).toEqual(Object.keys(catalogs.en).sort());
    for (const catalog of Object.values(catalogs)) {
      for (const text of Object.values(catalog)) expect(text.trim()).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const [key, text] of Object.entries(catalogs.en)) {
      expect(placeholders(catalogs['zh-CN'][key as keyof typeof catalogs.en]), key).toEqual(placeholders(text));
    }
  });

  it('interpolates parameters', () => {
    expect(translate('en', 'error.validation', { detail: 'pageNo: too small' })).toBe('Invalid request: pageNo: too small');
    expect(translate('zh-CN', 'error.validation', { detail: 'x' })).toBe('请求参数有误：x');
  });
});

describe('localeFromHeader', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-TW', 'zh-CN'],
    ['fr-FR, de', 'zh-CN'],
    ['fr, en;q=0.5', 'en'],
    ['en;q=0.4, zh-CN;q=0.8', 'zh-CN'],
    ['en;q=0, zh', 'zh-CN'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromHeader(header)).toBe(locale);
  });
});
