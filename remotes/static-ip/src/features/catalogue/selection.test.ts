import { describe, expect, it } from 'vitest';
import type { StaticDuration, StaticRegion } from '@portal/shared';
import {
  clampCount,
  discountPercent,
  maxCount,
  parseCount,
  pickDuration,
  pickRegion,
  sortDurations,
  totalFen,
} from './selection.ts';

const duration = (days: number, priceFen: number, originalPriceFen = priceFen): StaticDuration => ({
  days,
  priceFen,
  originalPriceFen,
});
const region = (id: number, available: number): StaticRegion => ({
  id,
  resourceType: 2,
  countryCode: 'US',
  country: { en: 'United States', 'zh-CN': '美国' },
  city: { en: 'Los Angeles', 'zh-CN': '洛杉矶' },
  available,
});

describe('durations', () => {
  const list = [duration(90, 3000), duration(30, 1200, 1500), duration(60, 2200)];

  it('are offered shortest first', () => {
    expect(sortDurations(list).map((d) => d.days)).toEqual([30, 60, 90]);
    expect(list.map((d) => d.days)).toEqual([90, 30, 60]);
  });

  it('keep the choice while it is offered, else fall back to the shortest', () => {
    expect(pickDuration(list, 60)?.days).toBe(60);
    expect(pickDuration(list, 7)?.days).toBe(30);
    expect(pickDuration(list, null)?.days).toBe(30);
    expect(pickDuration([], 30)).toBeNull();
  });

  it('know their discount', () => {
    expect(discountPercent(duration(30, 1200, 1500))).toBe(20);
    expect(discountPercent(duration(30, 1200))).toBe(0);
  });
});

describe('regions', () => {
  const list = [region(1, 0), region(2, 5), region(3, 40)];

  it('keep the choice while it has stock', () => {
    expect(pickRegion(list, 3)?.id).toBe(3);
  });

  it('never pick a sold-out region', () => {
    expect(pickRegion(list, 1)?.id).toBe(2);
    expect(pickRegion(list, null)?.id).toBe(2);
    expect(pickRegion([region(1, 0)], 1)).toBeNull();
    expect(pickRegion([], null)).toBeNull();
  });
});

describe('count', () => {
  it('is limited by stock and by 100', () => {
    expect(maxCount(5)).toBe(5);
    expect(maxCount(250)).toBe(100);
    expect(maxCount(0)).toBe(0);
  });

  it('accepts whole numbers from 1 to the maximum only', () => {
    expect(parseCount('3', 5)).toBe(3);
    expect(parseCount(' 5 ', 5)).toBe(5);
    expect(parseCount('6', 5)).toBeNull();
    expect(parseCount('0', 5)).toBeNull();
    expect(parseCount('2.5', 5)).toBeNull();
    expect(parseCount('-1', 5)).toBeNull();
    expect(parseCount('', 5)).toBeNull();
    expect(parseCount('1', 0)).toBeNull();
  });

  it('is clamped into range', () => {
    expect(clampCount(12, 5)).toBe(5);
    expect(clampCount(0, 5)).toBe(1);
    expect(clampCount(Number.NaN, 5)).toBe(1);
    expect(clampCount(3, 0)).toBe(1);
  });
});

describe('totalFen', () => {
  it('is the price per IP times the count, in whole fen', () => {
    expect(totalFen(1200, 3)).toBe(3600);
    expect(totalFen(1999, 100)).toBe(199_900);
    expect(totalFen(1, 1)).toBe(1);
  });
});
