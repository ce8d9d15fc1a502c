import { describe, expect, it } from 'vitest';
import { bannerState } from './banner.ts';

describe('bannerState', () => {
  const plain = { cancelled: false, failed: false };

  it('follows the order status', () => {
    expect(bannerState(1, plain)).toBe('paid');
    expect(bannerState(3, plain)).toBe('refunding');
    expect(bannerState(2, plain)).toBe('closed');
    expect(bannerState(0, plain)).toBe('waiting');
  });

  it('says the payment was not completed when the provider says it was abandoned', () => {
    expect(bannerState(0, { cancelled: true, failed: false })).toBe('cancelled');
    // A payment that arrived after all wins over the flag.
    expect(bannerState(1, { cancelled: true, failed: false })).toBe('paid');
  });

  it('is checking until the first answer, failed when there is none', () => {
    expect(bannerState(undefined, plain)).toBe('checking');
    expect(bannerState(undefined, { cancelled: false, failed: true })).toBe('failed');
  });
});
