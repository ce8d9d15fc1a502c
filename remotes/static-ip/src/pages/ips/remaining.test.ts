import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import { effectiveIpStatus, formatRemaining, isExpiringToday, remainingAt, splitRemaining, toLiveIp } from './remaining.ts';
import { sampleIp } from './fixtures.ts';

const D = 86_400_000;
const H = 3_600_000;
const M = 60_000;
const S = 1000;

const intlEn = createIntl({ locale: 'en', messages: en });
const intlZh = createIntl({ locale: 'zh-CN', messages: zhCN });

describe('formatRemaining', () => {
  it('writes days, hours, minutes and seconds', () => {
    expect(formatRemaining(3 * D + 4 * H + 5 * M + 6 * S, intlEn)).toBe('3d 4h 5m 6s');
    expect(formatRemaining(30 * D, intlEn)).toBe('30d 0h 0m 0s');
    expect(formatRemaining(59 * S + 999, intlEn)).toBe('0d 0h 0m 59s');
  });

  it('writes them in Chinese without a Latin letter (table and CSV)', () => {
    expect(formatRemaining(29 * D + 23 * H + 59 * M + 56 * S, intlZh)).toBe('29天23小时59分56秒');
  });

  it('is never negative', () => {
    expect(formatRemaining(0, intlEn)).toBe('0d 0h 0m 0s');
    expect(formatRemaining(-5 * S, intlEn)).toBe('0d 0h 0m 0s');
    expect(formatRemaining(Number.NaN, intlEn)).toBe('0d 0h 0m 0s');
  });

  it('splits into parts', () => {
    expect(splitRemaining(D + H + M + S)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
  });
});

describe('live countdown', () => {
  it('counts from the remaining time at fetch, on the browser clock', () => {
    const ip = toLiveIp(sampleIp({ remainingMs: 10 * S }), 1_000_000);
    expect(ip.expiresAt).toBe(1_010_000);
    expect(remainingAt(ip, 1_004_000)).toBe(6 * S);
    expect(remainingAt(ip, 2_000_000)).toBe(0);
  });

  it('reads expired once the time is up', () => {
    const ip = toLiveIp(sampleIp({ remainingMs: 10 * S }), 0);
    expect(effectiveIpStatus(ip, 5 * S)).toBe(1);
    expect(effectiveIpStatus(ip, 10 * S)).toBe(2);
    expect(effectiveIpStatus({ ...ip, status: 2 }, 0)).toBe(2);
  });
});

describe('isExpiringToday', () => {
  const now = new Date(2024, 4, 1, 15, 0).getTime();

  it('is true for an expiry later today, before local midnight', () => {
    expect(isExpiringToday(new Date(2024, 4, 1, 23, 59, 59).getTime(), now)).toBe(true);
    expect(isExpiringToday(now + 1, now)).toBe(true);
  });

  it('is false from midnight on, and for what has already expired', () => {
    expect(isExpiringToday(new Date(2024, 4, 2).getTime(), now)).toBe(false);
    expect(isExpiringToday(new Date(2024, 4, 3, 1).getTime(), now)).toBe(false);
    expect(isExpiringToday(now, now)).toBe(false);
    expect(isExpiringToday(now - H, now)).toBe(false);
  });
});
