import { describe, expect, it } from 'vitest';
import { formatLocalTime, formatPayLeft, localeKey, regionLabel } from './format.ts';

describe('formatPayLeft', () => {
  it('writes minutes and seconds, hours when needed, never below zero', () => {
    expect(formatPayLeft(29 * 60_000 + 5_400)).toBe('29:05');
    expect(formatPayLeft(3_723_000)).toBe('1:02:03');
    expect(formatPayLeft(-5)).toBe('00:00');
  });
});

describe('names and times', () => {
  const region = { country: { en: 'Japan', 'zh-CN': '日本' }, city: { en: 'Tokyo', 'zh-CN': '东京' } };

  it('names a region in the page language, Chinese by default', () => {
    expect(regionLabel(region, 'en')).toBe('Japan · Tokyo');
    expect(regionLabel(region, 'zh-CN')).toBe('日本 · 东京');
    expect(localeKey('fr')).toBe('zh-CN');
  });

  it('shows local time', () => {
    expect(formatLocalTime(new Date(2024, 4, 1, 9, 5, 7).getTime())).toBe('2024-05-01 09:05:07');
  });
});
