import { describe, expect, it } from 'vitest';
import { addressPrefix, deviceKey, parseUserAgent } from './devices.ts';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const EDGE_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

describe('parseUserAgent', () => {
  it.each([
    [CHROME_WIN, 'Chrome 131', 'Windows 10/11', false],
    [SAFARI_IPHONE, 'Safari 17', 'iOS 17', true],
    [EDGE_MAC, 'Edge 131', 'macOS', false],
    [FIREFOX_LINUX, 'Firefox 133', 'Linux', false],
    [CHROME_ANDROID, 'Chrome 131', 'Android 14', true],
    [WECHAT, 'WeChat 8', 'iOS 16', true],
  ])('%s', (ua, browser, system, mobile) => {
    expect(parseUserAgent(ua)).toEqual({ browser, system, mobile });
  });

  it('answers null for what it does not know', () => {
    expect(parseUserAgent('')).toEqual({ browser: null, system: null, mobile: false });
    expect(parseUserAgent('some-bot')).toEqual({ browser: null, system: null, mobile: false });
  });
});

describe('deviceKey', () => {
  it('ignores versions and the host part of the address', () => {
    const newer = CHROME_WIN.replace('131.0.0.0', '132.0.0.0');
    expect(deviceKey(newer, '203.0.113.99')).toBe(deviceKey(CHROME_WIN, '203.0.113.7'));
    expect(deviceKey(CHROME_WIN, '2001:db8:1:2::1')).toBe(deviceKey(CHROME_WIN, '2001:db8:1:ff::9'));
  });

  it('tells browsers, systems and networks apart', () => {
    const key = deviceKey(CHROME_WIN, '203.0.113.7');
    expect(deviceKey(FIREFOX_LINUX, '203.0.113.7')).not.toBe(key);
    expect(deviceKey(CHROME_WIN, '198.51.100.7')).not.toBe(key);
  });

  it('takes the /24 and the /48', () => {
    expect(addressPrefix('203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressPrefix('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressPrefix('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
  });
});
