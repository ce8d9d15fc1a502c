import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  type CustomTrafficRule,
  feeFor,
  fenToYuan,
  formatFen,
  fromPerGbFen,
  fromPerMonthFen,
  MB_PER_GB,
  OrderAccountType,
  perGbFen,
  perMonthFen,
  quoteCustom,
  quotePackage,
  unitPriceFor,
  withPriceOverride,
  withTierOverrides,
  yuanToFen,
} from './pricing.ts';

const rule: CustomTrafficRule = {
  tiers: [
    { minGb: 1, unitPriceFen: 3000 },
    { minGb: 50, unitPriceFen: 2500 },
    { minGb: 200, unitPriceFen: 2000 },
  ],
  minGb: 1,
  maxGb: 1000,
  validityDays: 90,
};

describe('pricing', () => {
  it('takes the highest tier reached, at and across each boundary', () => {
    expect(unitPriceFor(rule, 1)).toBe(3000);
    expect(unitPriceFor(rule, 49)).toBe(3000);
    expect(unitPriceFor(rule, 50)).toBe(2500);
    expect(unitPriceFor(rule, 199)).toBe(2500);
    expect(unitPriceFor(rule, 200)).toBe(2000);
    expect(unitPriceFor(rule, 1000)).toBe(2000);
  });

  it('refuses amounts outside the rule or not whole', () => {
    for (const gb of [0, -1, 1001, 1.5, Number.NaN]) expect(unitPriceFor(rule, gb)).toBeNull();
    expect(quoteCustom(rule, 1001, OrderAccountType.Personal)).toBeNull();
  });

  it('adds the 6% enterprise fee, half up to the fen, and nothing for persons', () => {
    expect(feeFor(100_000, OrderAccountType.Enterprise)).toBe(6000);
    expect(feeFor(100_000, OrderAccountType.Personal)).toBe(0);
    expect(applyBasisPoints(25, 600)).toBe(2); // 1.5 → 2
    expect(applyBasisPoints(24, 600)).toBe(1); // 1.44 → 1
    expect(quoteCustom(rule, 7, OrderAccountType.Enterprise)).toEqual({
      trafficMb: 7168,
      giftTrafficMb: 0,
      validityDays: 90,
      rechargeAmountFen: 21_000,
      feeFen: 1260,
      payAmountFen: 22_260,
    });
  });

  it('quotes a package with its gift', () => {
    const pkg = { trafficMb: 51_200, giftTrafficMb: 5120, priceFen: 100_000, validityDays: 90 };
    expect(quotePackage(pkg, OrderAccountType.Personal)).toMatchObject({ giftTrafficMb: 5120, payAmountFen: 100_000 });
  });

  it('converts yuan strings exactly, both ways', () => {
    expect(yuanToFen('123.45')).toBe(12_345);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('7')).toBe(700);
    for (const bad of ['1.234', '-1', 'abc', '', '1e3', '.5']) expect(yuanToFen(bad)).toBeNull();
    expect(fenToYuan(12_345)).toBe('123.45');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-150)).toBe('-1.50');
    expect(formatFen(123_450, 'en')).toBe('¥1,234.50');
    expect(formatFen(123_450, 'zh-CN')).toBe('¥1,234.50');
  });

  it('applies a substation override: its price, and a list price never below it', () => {
    const pkg = { id: 1, priceFen: 10_000, originalPriceFen: 12_000 };
    expect(withPriceOverride(pkg, undefined)).toBe(pkg);
    expect(withPriceOverride(pkg, { priceFen: 9000, originalPriceFen: null })).toEqual({
      id: 1,
      priceFen: 9000,
      originalPriceFen: 12_000,
    });
    expect(withPriceOverride(pkg, { priceFen: 15_000, originalPriceFen: null })).toEqual({
      id: 1,
      priceFen: 15_000,
      originalPriceFen: 15_000,
    });
    expect(withPriceOverride(pkg, { priceFen: 9000, originalPriceFen: 9900 })).toMatchObject({ originalPriceFen: 9900 });
  });

  it('overrides tiers by their lower bound, leaving bounds and the other tiers alone', () => {
    const siteRule = withTierOverrides(
      rule,
      new Map([
        [50, 2200],
        [999, 1],
      ]),
    );
    expect(siteRule.tiers.find((t) => t.minGb === 50)?.unitPriceFen).toBe(2200);
    expect(siteRule.tiers.map((t) => t.minGb)).toEqual(rule.tiers.map((t) => t.minGb));
    expect(siteRule.tiers.filter((t) => t.minGb !== 50)).toEqual(rule.tiers.filter((t) => t.minGb !== 50));
    expect(withTierOverrides(rule, new Map())).toBe(rule);
  });
});

describe('unit prices: one rule for every page, rounded up to the fen', () => {
  const pkg = (gb: number, giftGb: number, priceFen: number) => ({
    trafficMb: gb * MB_PER_GB,
    giftTrafficMb: giftGb * MB_PER_GB,
    priceFen,
    validityDays: 30,
  });

  it('divides a package price by all the traffic it delivers, gift included, and never understates', () => {
    expect(perGbFen(pkg(5, 0, 12_500))).toBe(2500);
    // 20 + 1 GB for ¥440: ¥20.952… → ¥20.96 (21 × 20.95 would be less than the price).
    expect(perGbFen(pkg(20, 1, 44_000))).toBe(2096);
    expect(perGbFen(pkg(1000, 150, 1_300_000))).toBe(1131);
  });

  it('prorates a static duration to 30 days', () => {
    expect(perMonthFen({ days: 30, priceFen: 2500 })).toBe(2500);
    expect(perMonthFen({ days: 180, priceFen: 13_000 })).toBe(2167);
  });

  it('takes the cheapest GB of packages and custom tiers as the "from" price', () => {
    const tiers = { tiers: [{ minGb: 1, unitPriceFen: 3000 }], minGb: 1, maxGb: 100, validityDays: 30 };
    // 10 + 2 GB for ¥100: 833.33 fen per GB → 834.
    expect(fromPerGbFen([pkg(10, 2, 10_000), pkg(5, 0, 12_500)], tiers)).toBe(834);
    expect(fromPerGbFen([], tiers)).toBe(3000);
    expect(fromPerGbFen([], null)).toBeNull();
  });

  it('takes the cheapest static duration per month as the "from" price', () => {
    expect(
      fromPerMonthFen([
        { days: 30, priceFen: 2500 },
        { days: 180, priceFen: 13_000 },
      ]),
    ).toBe(2167);
    expect(fromPerMonthFen([])).toBeNull();
  });
});
