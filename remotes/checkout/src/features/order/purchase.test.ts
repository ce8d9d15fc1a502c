import { describe, expect, it } from 'vitest';
import { parseOrderId, parsePurchase } from './purchase.ts';

const q = (s: string) => new URLSearchParams(s);

describe('parsePurchase', () => {
  it('reads a package or a custom amount', () => {
    expect(parsePurchase(q('package=3'))).toEqual({ packageId: 3 });
    expect(parsePurchase(q('gb=120'))).toEqual({ trafficGb: 120 });
    expect(parsePurchase(q('package=3&gb=5'))).toEqual({ packageId: 3 });
  });
  it('refuses anything but a positive integer', () => {
    for (const bad of ['package=0', 'package=-1', 'gb=1.5', 'gb=abc', 'gb=', '', 'gb=1e3', 'package=01']) {
      expect(parsePurchase(q(bad))).toBeNull();
    }
  });
  it('reads the order id', () => {
    expect(parseOrderId(q('id=42'))).toBe(42);
    expect(parseOrderId(q('id=x'))).toBeNull();
  });
});
