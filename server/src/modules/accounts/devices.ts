import { hash } from 'node:crypto';
import type { DeviceInfo } from '@portal/shared';
import ipaddr from 'ipaddr.js';

/**
 * A small User-Agent reader for the devices list (decision 0052): browser name and major version,
 * system, phone or not. Enough to tell a member's devices apart; not a device database. Order
 * matters: Edge, Opera, Samsung and the Chinese browsers carry "Chrome" and "Safari" too.
 */
const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/(\d+)/, 'Edge'],
  [/Edg(?:e|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/UCBrowser\/(\d+)/, 'UC Browser'],
  [/QQBrowser\/(\d+)/, 'QQ Browser'],
  [/YaBrowser\/(\d+)/, 'Yandex Browser'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/(?:HeadlessChrome|Chrome|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/(\d+)/, 'curl'],
];

function system(ua: string): string | null {
  let m = /Windows NT (\d+\.\d+)/.exec(ua);
  if (m) return m[1] === '10.0' ? 'Windows 10/11' : 'Windows';
  m = /(?:iPhone|CPU) OS (\d+)/.exec(ua);
  if (m) return `iOS ${m[1]}`;
  if (/iPad/.test(ua)) return 'iPadOS';
  m = /Android (\d+)/.exec(ua);
  if (m) return `Android ${m[1]}`;
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/HarmonyOS/.test(ua)) return 'HarmonyOS';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return null;
}

export function parseUserAgent(ua: string): DeviceInfo {
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  return { browser, system: system(ua), mobile: /Mobi|iPhone|Android.*Mobile/.test(ua) };
}

/** Stored User-Agents are cut to this many characters (a header can be 8 KB). */
export const USER_AGENT_MAX = 512;

/** The network of an address: the /24 of IPv4, the /48 of IPv6 (a home or office line). */
export function addressPrefix(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return `${(address as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  const parts = (address as ipaddr.IPv6).parts;
  return `${new ipaddr.IPv6([...parts.slice(0, 3), 0, 0, 0, 0, 0]).toString()}/48`;
}

/**
 * What makes a device "the same" for the new-device message: browser and system names (not their
 * versions, which change with every update) and the address prefix. Hashed: it is compared, never shown.
 */
export function deviceKey(ua: string, ip: string): string {
  const { browser, system: os } = parseUserAgent(ua);
  const names = [browser?.replace(/ \d+$/, '') ?? '', os?.replace(/ [\d/]+$/, '') ?? ''];
  return hash('sha256', `${names.join('|')}|${addressPrefix(ip)}`, 'hex');
}
