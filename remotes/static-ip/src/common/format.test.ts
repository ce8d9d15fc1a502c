import { describe, expect, it } from 'vitest';
import { formatLocalTime, localeKey, regionLabel } from './format.ts';

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
