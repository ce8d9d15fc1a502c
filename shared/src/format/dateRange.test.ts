import { describe, expect, it } from 'vitest';
import { dayRange, dayStart, isDay, nextLocalMidnight } from './dateRange.ts';

describe('isDay', () => {
  it('accepts real calendar days only', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('2024-13-01')).toBe(false);
    expect(isDay('2024-1-01')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(isDay(null)).toBe(false);
    expect(isDay('2024-05-01T00:00')).toBe(false);
  });
});

describe('dayStart', () => {
  it('gives UTC midnight in the utc zone', () => {
    expect(dayStart('2024-05-01', 'utc')).toBe(Date.UTC(2024, 4, 1));
    expect(dayStart('2024-12-31', 'utc', 1)).toBe(Date.UTC(2025, 0, 1));
  });

  it('gives local midnight in the local zone', () => {
    expect(dayStart('2024-05-01', 'local')).toBe(new Date(2024, 4, 1).getTime());
    expect(dayStart('2024-02-28', 'local', 1)).toBe(new Date(2024, 1, 29).getTime());
  });

  it('is undefined for anything that is not a day', () => {
    expect(dayStart('tomorrow', 'utc')).toBeUndefined();
    expect(dayStart(undefined, 'local')).toBeUndefined();
  });
});

describe('dayRange', () => {
  it('counts the end date whole: the bound is the next midnight', () => {
    expect(dayRange('2024-05-01', '2024-05-03', 'utc')).toEqual({ from: Date.UTC(2024, 4, 1), to: Date.UTC(2024, 4, 4) });
    expect(dayRange('2024-05-01', '2024-05-01', 'local')).toEqual({
      from: new Date(2024, 4, 1).getTime(),
      to: new Date(2024, 4, 2).getTime(),
    });
  });

  it('leaves out a missing or invalid side', () => {
    expect(dayRange('2024-05-01', '', 'utc')).toEqual({ from: Date.UTC(2024, 4, 1) });
    expect(dayRange(null, '2024-05-01', 'utc')).toEqual({ to: Date.UTC(2024, 4, 2) });
    expect(dayRange('nonsense', undefined, 'local')).toEqual({});
  });

  it('reads a backwards range the right way round', () => {
    expect(dayRange('2024-05-03', '2024-05-01', 'utc')).toEqual({ from: Date.UTC(2024, 4, 1), to: Date.UTC(2024, 4, 4) });
  });
});

describe('nextLocalMidnight', () => {
  it('is the start of the next local day', () => {
    expect(nextLocalMidnight(new Date(2024, 4, 1, 13, 30).getTime())).toBe(new Date(2024, 4, 2).getTime());
    expect(nextLocalMidnight(new Date(2024, 11, 31, 23, 59, 59).getTime())).toBe(new Date(2025, 0, 1).getTime());
  });

  it('at midnight itself is a whole day later', () => {
    expect(nextLocalMidnight(new Date(2024, 4, 1).getTime())).toBe(new Date(2024, 4, 2).getTime());
  });
});
