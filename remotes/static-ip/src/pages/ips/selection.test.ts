import { describe, expect, it } from 'vitest';
import { toLiveIp } from './remaining.ts';
import { sampleIp } from './fixtures.ts';
import { exchangeProblem, itemIdsParam, pageState, renewProblem, sharedType, toggleIp, togglePage } from './selection.ts';

const ip = (id: number, resourceType: 1 | 2 | 3 | 12 = 2) => toLiveIp(sampleIp({ id, resourceType }), 0);

describe('selection', () => {
  const page = [ip(1), ip(2), ip(3)];

  it('toggles one IP and whole pages, keeping other pages', () => {
    const other = ip(9);
    let s = toggleIp(new Map(), other, true);
    s = togglePage(s, page, true);
    expect([...s.keys()]).toEqual([9, 1, 2, 3]);
    expect(pageState(s, page)).toBe(true);
    s = toggleIp(s, ip(2), false);
    expect(pageState(s, page)).toBe('indeterminate');
    s = togglePage(s, page, false);
    expect([...s.keys()]).toEqual([9]);
    expect(pageState(s, page)).toBe(false);
  });

  it('knows the one type of the chosen IPs', () => {
    expect(sharedType([ip(1, 3), ip(2, 3)])).toBe(3);
    expect(sharedType([ip(1, 3), ip(2, 12)])).toBeNull();
    expect(sharedType([])).toBeNull();
  });

  it('renews IPs of one type only, at most 100', () => {
    expect(renewProblem([ip(1), ip(2)])).toBeNull();
    expect(renewProblem([ip(1, 1), ip(2, 2)])).toBe('static.ips.mixedTypes');
    expect(renewProblem([])).toBe('static.ips.selectFirst');
    expect(renewProblem(Array.from({ length: 101 }, (_, i) => ip(i + 1)))).toBe('static.ips.tooMany');
  });

  it('exchanges any selection of up to 100', () => {
    expect(exchangeProblem([ip(1, 1), ip(2, 2)])).toBeNull();
    expect(exchangeProblem([])).toBe('static.ips.selectFirst');
  });

  it('passes ids to exchangeNode sorted and comma-separated', () => {
    expect(itemIdsParam([12, 3, 7, 3])).toBe('3,7,12');
  });
});
