import { describe, expect, it } from 'vitest';
import { formatLeft } from './useCountdown.ts';

describe('formatLeft', () => {
  it('formats minutes and seconds, hours when needed, never negative', () => {
    expect(formatLeft(30 * 60_000)).toBe('30:00');
    expect(formatLeft(61_500)).toBe('01:01');
    expect(formatLeft(3_600_000 + 5_000)).toBe('1:00:05');
    expect(formatLeft(-5)).toBe('00:00');
  });
});
