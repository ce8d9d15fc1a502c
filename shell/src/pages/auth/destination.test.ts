import { describe, expect, it } from 'vitest';
import { returnNoticeId, returnPathIn, returnPathOf, withReturnPath } from './destination.ts';

const params = (query: string) => new URLSearchParams(query);

describe('the way back through login, sign-up and forgot-password', () => {
  it('keeps the order chosen on /buy from login to sign-up and back', () => {
    const back = returnPathOf(params('redirect=%2Fen%2Forder%3Fpackage%3D3'));
    expect(back).toBe('/en/order?package=3');
    expect(withReturnPath('/en/register', back)).toBe('/en/register?redirect=%2Fen%2Forder%3Fpackage%3D3');
    expect(withReturnPath('/forgot-password', null)).toBe('/forgot-password');
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)'])(
    'drops a way back that would leave the site: %s',
    (value) => {
      expect(returnPathOf(params(`redirect=${encodeURIComponent(value)}`))).toBeNull();
    },
  );

  it('lands in the language the visitor reads now', () => {
    expect(returnPathIn('/order?package=3', 'en')).toBe('/en/order?package=3');
    expect(returnPathIn('/en/order?package=3', 'zh-CN')).toBe('/order?package=3');
    expect(returnPathIn('/en/admin/static/buy', 'en')).toBe('/en/admin/static/buy');
  });

  it('tells a buyer the order waits, and anyone else to log in first', () => {
    expect(returnNoticeId('/en/order?package=3')).toBe('auth.continue.order');
    expect(returnNoticeId('/h5/pay?gb=100')).toBe('auth.continue.order');
    expect(returnNoticeId('/admin/static/buy/')).toBe('auth.continue.order');
    expect(returnNoticeId('/en/admin/dashboard')).toBe('guard.loginFirst');
  });
});
