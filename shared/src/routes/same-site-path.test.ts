import { describe, expect, it } from 'vitest';
import { localizePath } from '../i18n/locales.ts';
import { sameSitePath } from './same-site-path.ts';

const ORIGIN = 'https://portal.example';

/** Whether a browser on this site, following `href` (or that once decoded), would stay on it. */
function staysOnSite(href: string): boolean {
  const decodedOnce = (() => {
    try {
      return decodeURIComponent(href);
    } catch {
      return href;
    }
  })();
  return [href, decodedOnce].every(
    (value) => new URL(value, `${ORIGIN}/en/page`).origin === ORIGIN && !/^[/\\][/\\]/.test(value.replace(/\p{Cc}/gu, '')),
  );
}

/** The attack class of the issue, each with and without an /en or /zh-CN prefix in front. */
const HOSTILE = [
  '//host',
  '/\\host',
  '/%2F%2Fhost',
  '/%2f%2fhost',
  '/%5Chost',
  '/%5chost',
  '/\t/host',
  '/\n/host',
  '/\r\n/host',
  '/%09/host',
  '/%252F%252Fhost',
  '\\\\host',
  '/\\/host',
  '///host',
  '/%2F\\%5C/host',
];

describe('sameSitePath', () => {
  it.each(HOSTILE)('collapses the separators %j starts with into one slash', (value) => {
    expect(sameSitePath(value)).toBe('/host');
    expect(sameSitePath(`${value}/x?a=1#b`)).toBe('/host/x?a=1#b');
  });

  it.each(HOSTILE.flatMap((value) => [value, `/en${value}`, `/zh-CN${value}`, `${value}/en`]))(
    'gives a link of this site for %j, also once decoded',
    (value) => {
      const path = sameSitePath(value);
      expect(staysOnSite(path)).toBe(true);
      for (const locale of ['en', 'zh-CN'] as const) expect(staysOnSite(localizePath(value, locale))).toBe(true);
    },
  );

  it.each([
    'https://host/x',
    'HTTP://host',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,x',
    'host/x',
    '',
    '?a=1',
    '#x',
    '/a/..//host',
    '/%2e%2e/%2F/host',
    '/x/%2E%2E//host',
  ])('falls back to / for %j, which is no path of this site', (value) => {
    expect(sameSitePath(value)).toBe('/');
    expect(sameSitePath(value, '/en/admin')).toBe('/en/admin');
  });

  it.each([
    '/',
    '/buy',
    '/en/admin/static/list?page=2&sort=-id#top',
    '/blog/%E4%BB%A3%E7%90%86',
    '/blog/代理',
    '/a%2Fb',
    '/en//host',
    '/search?q=//host',
    '/x#//host',
  ])('leaves the same-site path %j as it is', (value) => {
    expect(sameSitePath(value)).toBe(value);
  });

  it('drops control characters anywhere and reads other backslashes as browsers do', () => {
    expect(sameSitePath('/en/bu\ty\n')).toBe('/en/buy');
    expect(sameSitePath('/en\\buy')).toBe('/en/buy');
    expect(sameSitePath('/a\u0000b?x=\u0007')).toBe('/ab?x=');
  });
});

describe('localizePath with a made-up path', () => {
  it.each([
    ['/en//evil.example/x', 'zh-CN', '/evil.example/x'],
    ['/en/\\evil.example/x', 'zh-CN', '/evil.example/x'],
    ['/en/%2F%2Fevil.example/x', 'zh-CN', '/evil.example/x'],
    ['/en/%5Cevil.example/x', 'zh-CN', '/evil.example/x'],
    ['/en/\t/evil.example/x', 'zh-CN', '/evil.example/x'],
    ['//evil.example/x', 'en', '/en/evil.example/x'],
    ['/zh-CN//evil.example/x', 'en', '/en/evil.example/x'],
    ['//evil.example/x', 'zh-CN', '/evil.example/x'],
    ['https://evil.example/x', 'zh-CN', '/'],
    ['https://evil.example/x', 'en', '/en'],
  ] as const)('maps %j in %s to %j', (path, locale, expected) => {
    expect(localizePath(path, locale === 'zh-CN' ? 'zh-CN' : 'en')).toBe(expected);
  });
});
