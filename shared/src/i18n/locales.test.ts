import { describe, expect, it } from 'vitest';
import { localizePath, matchLanguage, splitLocale } from './locales.ts';

describe('splitLocale', () => {
  it('treats an unprefixed path as Chinese', () => {
    expect(splitLocale('/buy')).toEqual({ locale: 'zh-CN', path: '/buy', explicit: false });
    expect(splitLocale('/')).toEqual({ locale: 'zh-CN', path: '/', explicit: false });
  });
  it('reads /en and /zh-CN prefixes, and only whole segments', () => {
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/', explicit: true });
    expect(splitLocale('/en/admin/dashboard')).toEqual({ locale: 'en', path: '/admin/dashboard', explicit: true });
    expect(splitLocale('/zh-CN/blog/x')).toEqual({ locale: 'zh-CN', path: '/blog/x', explicit: true });
    expect(splitLocale('/english')).toEqual({ locale: 'zh-CN', path: '/english', explicit: false });
  });
});

describe('localizePath', () => {
  it('maps a page to the same page in another locale', () => {
    expect(localizePath('/buy', 'en')).toBe('/en/buy');
    expect(localizePath('/en/buy', 'zh-CN')).toBe('/buy');
    expect(localizePath('/zh-CN/buy', 'en')).toBe('/en/buy');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en', 'zh-CN')).toBe('/');
  });
});

describe('matchLanguage', () => {
  it('picks en or zh-CN from language tags, else null', () => {
    expect(matchLanguage(['en-US', 'zh'])).toBe('en');
    expect(matchLanguage(['zh-TW'])).toBe('zh-CN');
    expect(matchLanguage(['fr-FR', 'de'])).toBeNull();
    expect(matchLanguage(['fr;q=0.9', 'en;q=0.8'])).toBe('en');
  });
});
