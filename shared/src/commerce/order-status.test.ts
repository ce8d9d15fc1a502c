import { describe, expect, it } from 'vitest';
import { RechargeOrderStatus, StaticOrderStatus } from '../contract/index.ts';
import { canPay, effectiveStatus, formatCountdown } from './order-status.ts';

const NOW = Date.UTC(2024, 4, 1, 12);
const order = (over: { status?: number; payDeadline?: number } = {}) => ({ status: 0, payDeadline: NOW + 29 * 60_000, ...over });

describe('order status', () => {
  it('is payable while pending and before the deadline', () => {
    expect(canPay(order(), NOW)).toBe(true);
    expect(canPay(order({ payDeadline: NOW }), NOW)).toBe(false);
    expect(canPay(order({ status: 1 }), NOW)).toBe(false);
  });

  it('shows a pending order past its deadline as closed, the others as they are', () => {
    expect(effectiveStatus(order(), NOW)).toBe(0);
    expect(effectiveStatus(order({ payDeadline: NOW - 1 }), NOW)).toBe(2);
    expect(effectiveStatus(order({ status: 1, payDeadline: NOW - 1 }), NOW)).toBe(1);
    expect(effectiveStatus(order({ status: 3, payDeadline: NOW - 1 }), NOW)).toBe(3);
  });

  it('reads Dates as the server holds them', () => {
    expect(effectiveStatus({ status: 0, payDeadline: new Date(NOW) }, new Date(NOW))).toBe(2);
    expect(canPay({ status: 0, payDeadline: new Date(NOW + 1) }, new Date(NOW))).toBe(true);
  });

  it('means the same numbers for both kinds of order', () => {
    for (const kind of [RechargeOrderStatus, StaticOrderStatus]) {
      expect([kind.Pending, kind.Closed]).toEqual([0, 2]);
    }
  });
});

describe('formatCountdown', () => {
  it('writes minutes and seconds, hours when needed, never below zero', () => {
    expect(formatCountdown(29 * 60_000 + 5_400)).toBe('29:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(61_500)).toBe('01:01');
    expect(formatCountdown(3_600_000 + 5_000)).toBe('1:00:05');
  });
});
