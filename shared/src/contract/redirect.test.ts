import { describe, expect, it } from 'vitest';
import { localizeContractMessage } from './messages.ts';
import { redirectQuery, redirectTarget } from './redirect.ts';

describe('redirect contract', () => {
  it('accepts page paths up to 512 characters', () => {
    expect(redirectQuery.parse({ path: '/old-buy' })).toEqual({ path: '/old-buy' });
    expect(redirectQuery.safeParse({ path: `/${'a'.repeat(511)}` }).success).toBe(true);
    expect(redirectQuery.safeParse({ path: `/${'a'.repeat(512)}` }).success).toBe(false);
    expect(redirectQuery.safeParse({ path: 'buy' }).error?.issues[0]?.message).toBe('validation.path');
  });

  it.each([
    '/',
    '/buy',
    '/en/buy',
    '/blog/x?utm=1#top',
    'https://example.com',
    'http://example.com/a?b=c',
    'HTTPS://EXAMPLE.COM',
  ])('accepts the target %j', (target) => {
    expect(redirectTarget.safeParse(target).success).toBe(true);
  });

  it.each([
    'buy',
    '//evil.example.com',
    '/\\evil.example.com',
    '/%2F%2Fevil.example.com',
    '/%2f/evil.example.com',
    '/%5Cevil.example.com',
    '/%252F%252Fevil.example.com',
    '/%09/evil.example.com',
    '/a/..//evil.example.com',
    'javascript:alert(1)',
    'ftp://x.example.com',
    'https://',
    '/a b',
    '/a\u0000',
    '',
  ])('refuses the target %j', (target) => {
    const result = redirectTarget.safeParse(target);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.redirectTarget');
  });
});

describe('contract messages', () => {
  it('translate keys and pass other messages through', () => {
    expect(localizeContractMessage('validation.mobile', 'en')).toBe('Enter a valid mobile number');
    expect(localizeContractMessage('validation.mobile', 'zh-CN')).toBe('请输入正确的手机号码');
    expect(localizeContractMessage('Too small', 'zh-CN')).toBe('Too small');
    expect(localizeContractMessage('toString', 'en')).toBe('toString');
  });
});
