import { describe, expect, it } from 'vitest';
import { parseOrderId, parsePurchase, phonePayPath } from './purchase.ts';

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

describe('phonePayPath', () => {
  it('moves an order or a choice from the order page to the phone payment page', () => {
    expect(phonePayPath(q('id=42&cancelled=1'))).toBe('/h5/pay?id=42');
    expect(phonePayPath(q('package=3'))).toBe('/h5/pay?package=3');
    expect(phonePayPath(q('gb=120'))).toBe('/h5/pay?gb=120');
    expect(phonePayPath(q('gb=abc'))).toBe('/h5');
  });
});
