import { describe, expect, it } from 'vitest';
import { acceptedLanguages, resolveStartLocale } from './start-locale.ts';

describe('acceptedLanguages', () => {
  it('orders the tags of an Accept-Language header by preference, refused ones left out', () => {
    expect(acceptedLanguages('en-US,en;q=0.9,zh-CN;q=0.8')).toEqual(['en-US', 'en', 'zh-CN']);
    expect(acceptedLanguages('zh-CN;q=0.5, en-GB')).toEqual(['en-GB', 'zh-CN']);
    expect(acceptedLanguages('en;q=0, zh')).toEqual(['zh']);
    expect(acceptedLanguages('fr;q=0.9, de;q=0.9')).toEqual(['fr', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('*')).toEqual(['*']);
    expect(acceptedLanguages(' , ;q=1, en;q=junk')).toEqual([]);
  });
  it('gives the start locale of a first visit: the cookie, else the header, else zh-CN', () => {
    expect(resolveStartLocale('', acceptedLanguages('zh-CN;q=0.5, en-US'))).toBe('en');
    expect(resolveStartLocale('locale=zh-CN', acceptedLanguages('en-US'))).toBe('zh-CN');
    expect(resolveStartLocale('', acceptedLanguages('ja, *;q=0.1'))).toBe('zh-CN');
  });
});
