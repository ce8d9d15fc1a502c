import { describe, expect, it } from 'vitest';
import { capGbText, capUsage, parseCapGb } from './capUsage.ts';

describe('capUsage', () => {
  it('has no bar without a cap', () => {
    expect(capUsage({ trafficCapMb: null, usedMb: 5 })).toBeNull();
  });
  it('says near from 80 % and reached at the cap, never past 100 %', () => {
    expect(capUsage({ trafficCapMb: 100, usedMb: 79 })).toEqual({ percent: 79, state: 'ok' });
    expect(capUsage({ trafficCapMb: 100, usedMb: 80 })).toEqual({ percent: 80, state: 'near' });
    expect(capUsage({ trafficCapMb: 100, usedMb: 100 })).toEqual({ percent: 100, state: 'reached' });
    expect(capUsage({ trafficCapMb: 100, usedMb: 250 })).toEqual({ percent: 100, state: 'reached' });
  });
});

describe('parseCapGb', () => {
  it('reads GB with either decimal mark; empty is no cap', () => {
    expect(parseCapGb('')).toEqual({ capMb: null });
    expect(parseCapGb(' 2.5 ')).toEqual({ capMb: 2560 });
    expect(parseCapGb('0,5')).toEqual({ capMb: 512 });
  });
  it('refuses what the server would refuse', () => {
    for (const bad of ['0', '-1', 'abc', '1e3', '0.0001', '100000']) expect(parseCapGb(bad)).toBeNull();
  });
  it('writes a cap back as the GB the owner typed', () => {
    expect(capGbText(2560)).toBe('2.5');
    expect(capGbText(null)).toBe('');
  });
});
