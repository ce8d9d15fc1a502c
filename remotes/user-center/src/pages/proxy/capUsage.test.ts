import { describe, expect, it } from 'vitest';
import { gbText, capUsage, parseGb } from './capUsage.ts';

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

describe('parseGb', () => {
  it('reads GB with either decimal mark; empty is no cap', () => {
    expect(parseGb('')).toEqual({ mb: null });
    expect(parseGb(' 2.5 ')).toEqual({ mb: 2560 });
    expect(parseGb('0,5')).toEqual({ mb: 512 });
  });
  it('refuses what the server would refuse', () => {
    for (const bad of ['0', '-1', 'abc', '1e3', '0.0001', '100000']) expect(parseGb(bad)).toBeNull();
  });
  it('writes a cap back as the GB the owner typed', () => {
    expect(gbText(2560)).toBe('2.5');
    expect(gbText(null)).toBe('');
  });
});
