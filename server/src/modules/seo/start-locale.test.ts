import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { publishWorkingTreeRemotes } from '../../test/dist.ts';
import { startLocaleRedirect } from './start-locale.ts';

const INDEX = '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const LIGHTHOUSE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse';
const HAN = /\p{Script=Han}/u;

describe('startLocaleRedirect', () => {
  const browser = (acceptLanguage?: string, cookie?: string) => ({
    'user-agent': CHROME_UA,
    'accept-language': acceptLanguage,
    cookie,
  });

  it('moves an English browser from an unprefixed page to the same page under /en', () => {
    expect(startLocaleRedirect('/', browser('en-US,en;q=0.9'))).toBe('/en');
    expect(startLocaleRedirect('/buy', browser('en-GB'))).toBe('/en/buy');
    expect(startLocaleRedirect('/buy', browser('zh-CN;q=0.4, en;q=0.8'))).toBe('/en/buy');
  });

  it('leaves Chinese, other and unknown languages on the Chinese page', () => {
    expect(startLocaleRedirect('/', browser('zh-CN,zh;q=0.9,en;q=0.8'))).toBeNull();
    expect(startLocaleRedirect('/', browser('fr-FR, de'))).toBeNull();
    expect(startLocaleRedirect('/', browser(undefined))).toBeNull();
    expect(startLocaleRedirect('/', browser('en;q=0, zh'))).toBeNull();
  });

  it('lets the saved locale cookie win both ways', () => {
    expect(startLocaleRedirect('/buy', browser('en-US', 'locale=zh-CN'))).toBeNull();
    expect(startLocaleRedirect('/buy', browser('zh-CN', 'a=1; locale=en'))).toBe('/en/buy');
    expect(startLocaleRedirect('/buy', browser('zh-CN', 'locale=fr'))).toBeNull();
  });

  it('never moves a URL with an explicit language', () => {
    expect(startLocaleRedirect('/en/buy', browser('zh-CN', 'locale=zh-CN'))).toBeNull();
    expect(startLocaleRedirect('/zh-CN/buy', browser('en-US', 'locale=en'))).toBeNull();
  });

  it('keeps crawlers on the Chinese page whatever language they send', () => {
    expect(startLocaleRedirect('/', { 'user-agent': GOOGLEBOT_UA, 'accept-language': 'en-US' })).toBeNull();
    expect(startLocaleRedirect('/', { 'user-agent': LIGHTHOUSE_UA, 'accept-language': 'en-US' })).toBeNull();
    // A headless browser is a browser: it gets its language like any other.
    const headless = CHROME_UA.replace('Chrome/', 'HeadlessChrome/');
    expect(startLocaleRedirect('/', { 'user-agent': headless, 'accept-language': 'en-US' })).toBe('/en');
  });

  it('stays on this site for a made-up path', () => {
    expect(startLocaleRedirect('//evil.example/x', browser('en'))).toBe('/en/evil.example/x');
  });
});

describe('page answers of a first visit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await publishWorkingTreeRemotes(t.config.dataDir, t.database);
    await mkdir(t.config.shellDist, { recursive: true });
    await writeFile(join(t.config.shellDist, 'index.html'), INDEX);
  });
  afterAll(() => t.close());

  const visit = (url: string, headers: Record<string, string>) =>
    t.app.inject({ url, headers: { accept: HTML, 'user-agent': CHROME_UA, ...headers } });

  it('redirects an English browser to /en with an answer no shared cache keeps for others', async () => {
    const res = await visit('/buy?ref=ad', { 'accept-language': 'en-US,en;q=0.9' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/buy?ref=ad');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/accept-language/);
    expect(res.headers.vary).toMatch(/cookie/);

    const home = await visit('/', { 'accept-language': 'en-US' });
    expect(home.headers.location).toBe('/en');
    const english = await visit('/en', { 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toMatch(/<html lang="en">/);
    expect(english.body).not.toMatch(HAN);
    // The English page is the same for everyone: it varies on nothing the visitor's language decides.
    expect(String(english.headers.vary ?? '')).not.toMatch(/accept-language|cookie/);
    expect(english.body).toMatch(/<link rel="canonical" href="[^"]*\/en" data-portal-head>/);
  });

  it('answers a Chinese browser, a crawler and a visitor who chose Chinese at / in Chinese, canonical /', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
      { 'accept-language': 'en-US', 'user-agent': GOOGLEBOT_UA },
      { 'user-agent': GOOGLEBOT_UA },
      { 'accept-language': 'en-US', cookie: 'locale=zh-CN' },
    ]) {
      const res = await visit('/', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.body).toMatch(/<html lang="zh-CN">/);
      expect(res.body).toMatch(/<link rel="canonical" href="[^"]*\/" data-portal-head>/);
      // A shared cache must not hand this answer to an English browser: it keys on language and
      // cookie, and never stores the crawler's exception (the User-Agent would split every copy).
      expect(res.headers.vary).toMatch(/accept-language/);
      expect(res.headers.vary).toMatch(/cookie/);
      expect(res.headers.vary).not.toMatch(/user-agent/);
      const crawlerException = headers['user-agent'] === GOOGLEBOT_UA && headers['accept-language'] === 'en-US';
      expect(res.headers['cache-control'], JSON.stringify(headers)).toBe(crawlerException ? 'private, no-cache' : 'no-cache');
    }
  });

  it('moves a visitor who chose English even when the browser prefers Chinese', async () => {
    const res = await visit('/buy', { 'accept-language': 'zh-CN', cookie: 'locale=en' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/buy');
  });
});
