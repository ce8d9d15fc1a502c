import { envelope, ResultCode, redirectResult } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { findRedirect, listRedirects, normalizeRedirectPath, redirectLocation, removeRedirect, setRedirect } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ remotes: true });
  await setRedirect(t.database.db, { path: '/old-buy', target: '/en/buy' });
  await setRedirect(t.database.db, { path: '/promo', target: 'https://campaign.example.com/2026?src=portal', note: 'campaign' });
  // Targets the CLI refuses, written to the table some other way.
  await setRedirect(t.database.db, { path: '/sneaky-encoded', target: '/%2F%2Fevil.example/x' });
  await setRedirect(t.database.db, { path: '/sneaky-tab', target: '/\t/evil.example/x' });
});
afterAll(() => t.close());

const lookup = (path: string, lang = 'en') =>
  t.app.inject({ url: `/app-api/system/redirect?path=${encodeURIComponent(path)}`, headers: { 'accept-language': lang } });

describe('GET /app-api/system/redirect', () => {
  it('answers the target of a rule', async () => {
    const res = await lookup('/old-buy');
    expect(res.statusCode).toBe(200);
    expect(envelope(redirectResult).parse(res.json())).toEqual({ code: 0, data: { target: '/en/buy' }, msg: '' });
    expect((await lookup('/promo')).json().data.target).toBe('https://campaign.example.com/2026?src=portal');
  });

  it('treats a trailing slash as the same page', async () => {
    expect((await lookup('/old-buy/')).json().data.target).toBe('/en/buy');
  });

  it('answers null for a relative target a browser would take off the site, at once or once decoded', async () => {
    for (const path of ['/sneaky-encoded', '/sneaky-tab'])
      expect((await lookup(path)).json(), path).toEqual({ code: 0, data: { target: null }, msg: '' });
  });

  it('answers null for a path without a rule', async () => {
    for (const path of ['/', '/buy', '/old-buy/more', '/Old-Buy']) {
      expect((await lookup(path)).json(), path).toEqual({ code: 0, data: { target: null }, msg: '' });
    }
  });

  it('answers 400 for a path that is missing, relative or too long, in the caller language', async () => {
    const missing = await t.app.inject({ url: '/app-api/system/redirect', headers: { 'accept-language': 'en' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('path');
    const relative = await lookup('buy');
    expect(relative.statusCode).toBe(400);
    expect(relative.json()).toMatchObject({
      code: ResultCode.BadRequest,
      fieldErrors: { path: 'Must be a path starting with /' },
    });
    expect((await lookup('buy', 'zh-CN')).json().fieldErrors.path).toBe('必须是以 / 开头的路径');
    expect((await lookup(`/${'a'.repeat(512)}`)).statusCode).toBe(400);
    expect((await lookup(`/${'a'.repeat(511)}`)).statusCode).toBe(200);
  });
});

describe('redirect rules service', () => {
  it('creates, replaces (keeping the note unless a new one is given) and removes', async () => {
    const db = t.database.db;
    expect((await setRedirect(db, { path: '/a/', target: '/b', note: 'first' })).created).toBe(true);
    const replaced = await setRedirect(db, { path: '/a', target: '/c' });
    expect(replaced).toMatchObject({ created: false, rule: { path: '/a', target: '/c', note: 'first' } });
    expect(replaced.rule.updatedAt.getTime()).toBeGreaterThanOrEqual(replaced.rule.createdAt.getTime());
    expect((await setRedirect(db, { path: '/a', target: '/c', note: '' })).rule.note).toBe('');
    expect(await findRedirect(db, '/a')).toBe('/c');
    expect((await listRedirects(db)).map((r) => r.path)).toEqual(['/a', '/old-buy', '/promo', '/sneaky-encoded', '/sneaky-tab']);
    expect(await removeRedirect(db, '/a/')).toBe(true);
    expect(await removeRedirect(db, '/a')).toBe(false);
    expect(await findRedirect(db, '/a')).toBeNull();
  });

  it.each([
    ['/', '/'],
    ['/a/', '/a'],
    ['/a//', '/a'],
    ['//', '/'],
    ['/A/b', '/A/b'],
  ])('normalizes %s to %s', (input, output) => {
    expect(normalizeRedirectPath(input)).toBe(output);
  });
});

describe('redirectLocation (page requests)', () => {
  it.each([
    ['/en/spring-sale', '', '/buy', '/en/buy'],
    ['/en/old-home', '', '/', '/en'],
    ['/en', '', '/', null],
    ['/zh-CN/a', '?x=1', '/b?y=2#h', '/zh-CN/b?y=2&x=1#h'],
    ['/a', '?x=1', '/en/b', '/en/b?x=1'],
    ['/a', '', '/blog/代理', '/blog/%E4%BB%A3%E7%90%86'],
    ['/en/a', '?x=1', 'https://例子.example/路径?q=1', 'https://xn--fsqu00a.example/%E8%B7%AF%E5%BE%84?q=1'],
    ['/a/', '', '/a', null],
    ['/en/a', '', '/zh-CN/a/', null],
  ])('%s%s under %s → %s', (path, search, target, location) => {
    expect(redirectLocation(path, search, target)).toBe(location);
  });

  // Rows the CLI refuses, which reached the table some other way: the page is served instead.
  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    '/%2F%2Fevil.example/x',
    '/%5Cevil.example/x',
    '/%252F%252Fevil.example/x',
    '/a/..//evil.example/x',
  ])('sends nobody to the relative target %j, which a browser would take off the site', (target) => {
    for (const path of ['/a', '/en/a', '/zh-CN/a'])
      for (const search of ['', '?x=1']) expect(redirectLocation(path, search, target)).toBeNull();
  });
});
