import { describe, expect, it } from 'vitest';
import { localeCookie, readLocaleCookie, resolveStartLocale, startRedirect } from './start-locale.ts';

describe('locale at start', () => {
  it('uses the saved cookie first', () => {
    expect(resolveStartLocale('a=1; locale=en', ['zh-CN'])).toBe('en');
    expect(resolveStartLocale('locale=zh-CN', ['en-US'])).toBe('zh-CN');
  });
  it('else the browser language, else zh-CN', () => {
    expect(resolveStartLocale('', ['en-GB', 'zh-CN'])).toBe('en');
    expect(resolveStartLocale('', ['zh-TW'])).toBe('zh-CN');
    expect(resolveStartLocale('', ['fr-FR', 'ja'])).toBe('zh-CN');
    expect(resolveStartLocale('locale=fr', ['de'])).toBe('zh-CN');
  });
  it('ignores junk cookies', () => {
    expect(readLocaleCookie('locale=%E0%A4%A')).toBeNull();
    expect(readLocaleCookie('mylocale=en')).toBeNull();
  });
  it('moves an unprefixed URL to /en only for English visitors, never an explicit prefix', () => {
    expect(startRedirect('/buy', 'en')).toBe('/en/buy');
    expect(startRedirect('/', 'en')).toBe('/en');
    expect(startRedirect('/buy', 'zh-CN')).toBeNull();
    expect(startRedirect('/en/buy', 'zh-CN')).toBeNull();
    expect(startRedirect('/zh-CN/buy', 'en')).toBeNull();
  });
  it('saves the choice for a year, Secure when the page came over https', () => {
    expect(localeCookie('en', 'https:')).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(localeCookie('zh-CN', 'http:')).toBe('locale=zh-CN; Max-Age=31536000; Path=/; SameSite=Lax');
  });
  it('moves a made-up unprefixed path to /en on this site', () => {
    expect(startRedirect('//evil.example/x', 'en')).toBe('/en/evil.example/x');
  });
});
