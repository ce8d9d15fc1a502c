import { describe, expect, it } from 'vitest';
import { axisLabelPosition, chartScale, labelledDays, labelWidth, niceStep, tickLabel } from './chartScale.ts';

describe('niceStep', () => {
  it('rounds to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.75)).toBe(2);
    expect(niceStep(23.75)).toBe(20);
    expect(niceStep(4)).toBe(5);
    expect(niceStep(8)).toBe(10);
    expect(niceStep(0.25)).toBe(0.2);
    expect(niceStep(1280)).toBe(1000);
  });
});

describe('chartScale', () => {
  it('draws 0..4 MB when nothing was used', () => {
    expect(chartScale(0)).toEqual({ unit: 'MB', unitMb: 1, step: 1, ticks: [0, 1, 2, 3, 4], topMb: 4 });
    expect(chartScale(Number.NaN).ticks).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps whole MB for small maxima', () => {
    expect(chartScale(1).ticks).toEqual([0, 1]);
    expect(chartScale(3).ticks).toEqual([0, 1, 2, 3]);
    expect(chartScale(7)).toMatchObject({ unit: 'MB', step: 2, ticks: [0, 2, 4, 6, 8], topMb: 8 });
    expect(chartScale(95)).toMatchObject({ step: 20, ticks: [0, 20, 40, 60, 80, 100], topMb: 100 });
    expect(chartScale(1000)).toMatchObject({ unit: 'MB', ticks: [0, 200, 400, 600, 800, 1000] });
  });

  it('switches to GB from 1 GB, without float noise', () => {
    expect(chartScale(1024)).toMatchObject({ unit: 'GB', unitMb: 1024, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1], topMb: 1024 });
    expect(chartScale(1500)).toMatchObject({ unit: 'GB', step: 0.5, ticks: [0, 0.5, 1, 1.5], topMb: 1536 });
  });

  it('stays round for large maxima', () => {
    const scale = chartScale(5 * 1024 * 1024);
    expect(scale).toMatchObject({ unit: 'GB', step: 1000, ticks: [0, 1000, 2000, 3000, 4000, 5000, 6000] });
    expect(scale.topMb).toBe(6000 * 1024);
  });

  it('always reaches the maximum', () => {
    for (const max of [1, 2, 9, 11, 99, 101, 1023, 1025, 4096, 123_456, 9_999_999]) {
      const scale = chartScale(max);
      expect(scale.topMb).toBeGreaterThanOrEqual(max);
      expect(scale.ticks.length).toBeGreaterThanOrEqual(2);
      expect(scale.ticks.length).toBeLessThanOrEqual(9);
    }
  });
});

describe('tickLabel', () => {
  it('writes the unit and at most two decimals', () => {
    expect(tickLabel(0.2, { unit: 'GB' }, 'en')).toBe('0.2 GB');
    expect(tickLabel(1000, { unit: 'MB' }, 'en')).toBe('1,000 MB');
  });
});

describe('labelledDays', () => {
  it('labels every fifth day counted back from today', () => {
    expect(labelledDays(30)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelledDays(3)).toEqual([2]);
    expect(labelledDays(0)).toEqual([]);
  });
});

describe('axisLabelPosition', () => {
  it('centres a date under its bar when it fits', () => {
    expect(axisLabelPosition(100, 30, 300)).toEqual({ x: 100, anchor: 'middle' });
  });

  it('keeps the last date (today, at the right edge) inside the chart', () => {
    expect(axisLabelPosition(290, 30, 300)).toEqual({ x: 300, anchor: 'end' });
  });

  it('keeps a date at the left edge inside the chart', () => {
    expect(axisLabelPosition(5, 30, 300)).toEqual({ x: 0, anchor: 'start' });
  });
});

describe('labelWidth', () => {
  it('grows with the text, so the y axis makes room for its longest tick', () => {
    expect(labelWidth('10,000 MB', 11)).toBeGreaterThan(labelWidth('1 GB', 11));
    expect(labelWidth('1,000 MB', 11)).toBeGreaterThanOrEqual(50);
  });
});
