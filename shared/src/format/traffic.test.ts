import { describe, expect, it } from 'vitest';
import { formatTraffic } from './traffic.ts';

describe('formatTraffic', () => {
  it('shows MB below one GB and GB with two decimals above', () => {
    expect(formatTraffic(0, 'en')).toBe('0 MB');
    expect(formatTraffic(512, 'en')).toBe('512 MB');
    expect(formatTraffic(1024, 'en')).toBe('1 GB');
    expect(formatTraffic(10_752, 'zh-CN')).toBe('10.5 GB');
    expect(formatTraffic(1_048_576, 'en')).toBe('1,024 GB');
  });
});
