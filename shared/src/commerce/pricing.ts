/**
 * Prices of dynamic residential traffic. Pure and shared: the order page shows exactly what the
 * server charges, because both run this very code (the server on its own catalogue rows, never on a
 * client's figures). Money is integer fen, traffic integer MB (1 GB = 1024 MB).
 */

export const MB_PER_GB = 1024;

/** The account type an order is bought for (SPEC section 3: enterprise or personal). */
export const OrderAccountType = { Personal: 0, Enterprise: 1 } as const;
export type OrderAccountType = (typeof OrderAccountType)[keyof typeof OrderAccountType];

/**
 * Enterprise orders come with a VAT special invoice (增值税专用发票) for modern services: 6% of the
 * price, in basis points so the rule stays integer (docs/decisions/0009).
 */
export const ENTERPRISE_FEE_BASIS_POINTS = 600;

/** A volume tier of custom traffic: from `minGb` GB upwards each GB costs `unitPriceFen`. */
export interface PriceTier {
  minGb: number;
  unitPriceFen: number;
}

export interface CustomTrafficRule {
  /** Sorted by minGb ascending; the first starts at `minGb`. */
  tiers: PriceTier[];
  minGb: number;
  maxGb: number;
  validityDays: number;
}

/** The unit price of `gb` GB of custom traffic: the highest tier it reaches (whole volume, not marginal). */
export function unitPriceFor(rule: CustomTrafficRule, gb: number): number | null {
  if (!Number.isInteger(gb) || gb < rule.minGb || gb > rule.maxGb) return null;
  let unit: number | null = null;
  for (const tier of rule.tiers) if (gb >= tier.minGb) unit = tier.unitPriceFen;
  return unit;
}

/** Half-up rounding of `amount × basisPoints / 10000` in integers. */
export function applyBasisPoints(amountFen: number, basisPoints: number): number {
  return Math.floor((amountFen * basisPoints + 5000) / 10000);
}

export function feeFor(priceFen: number, accountType: OrderAccountType): number {
  return accountType === OrderAccountType.Enterprise ? applyBasisPoints(priceFen, ENTERPRISE_FEE_BASIS_POINTS) : 0;
}

/**
 * What a buyer of traffic chooses (/buy, the URL of the order pages, the order call's body): a
 * package, or a number of GB at the custom rule's unit price. The price is always the server's.
 */
export type TrafficPurchase = { packageId: number; trafficGb?: undefined } | { trafficGb: number; packageId?: undefined };

/**
 * What a traffic order costs, in the order's own words (the wire's `rechargeAmountFen`, `feeFen`,
 * `payAmountFen`), so a quote and a placed order read the same and nothing is renamed on the way.
 */
export interface Quote {
  trafficMb: number;
  giftTrafficMb: number;
  validityDays: number;
  /** The price of the traffic before the fee: the package's price, or GB × the unit price. */
  rechargeAmountFen: number;
  feeFen: number;
  /** What the buyer pays: the price and the fee. */
  payAmountFen: number;
}

export interface PackageLike {
  trafficMb: number;
  giftTrafficMb: number;
  priceFen: number;
  validityDays: number;
}

export function quotePackage(pkg: PackageLike, accountType: OrderAccountType): Quote {
  const feeFen = feeFor(pkg.priceFen, accountType);
  return {
    trafficMb: pkg.trafficMb,
    giftTrafficMb: pkg.giftTrafficMb,
    validityDays: pkg.validityDays,
    rechargeAmountFen: pkg.priceFen,
    feeFen,
    payAmountFen: pkg.priceFen + feeFen,
  };
}

/** The quote of `gb` GB of custom traffic, or null when the amount is outside the rule. */
export function quoteCustom(rule: CustomTrafficRule, gb: number, accountType: OrderAccountType): Quote | null {
  const unit = unitPriceFor(rule, gb);
  if (unit === null) return null;
  return quotePackage(
    { trafficMb: gb * MB_PER_GB, giftTrafficMb: 0, priceFen: unit * gb, validityDays: rule.validityDays },
    accountType,
  );
}

/**
 * The one rounding rule for derived unit prices on every page (decision 0043): a per-GB or
 * per-month figure is rounded **up** to the fen, so no page ever promises less than anyone pays
 * (21 GB for ¥440.00 reads ¥20.96/GB: 21 × ¥20.96 ≥ ¥440.00, where ¥20.95 would not be).
 */
const perUnitFen = (priceFen: number, units: number) => Math.ceil(priceFen / units);

/** Price per GB of a package, its gift included (what the buyer gets for the money). */
export function perGbFen(pkg: Pick<PackageLike, 'priceFen' | 'trafficMb' | 'giftTrafficMb'>): number {
  return perUnitFen(pkg.priceFen * MB_PER_GB, pkg.trafficMb + pkg.giftTrafficMb);
}

/** Days a "per month" price is prorated to. */
export const MONTH_DAYS = 30;

/** A static IP duration's price per IP and month (30 days), prorated. */
export function perMonthFen(duration: { priceFen: number; days: number }): number {
  return perUnitFen(duration.priceFen * MONTH_DAYS, duration.days);
}

/** The cheapest price per GB on sale ("from ¥x/GB"): packages (gift included) and custom tiers. */
export function fromPerGbFen(packages: readonly PackageLike[], rule: CustomTrafficRule | null): number | null {
  const rates = packages.map(perGbFen);
  for (const tier of rule?.tiers ?? []) rates.push(tier.unitPriceFen);
  return rates.length ? Math.min(...rates) : null;
}

/** The cheapest duration of a static type per IP and month ("from ¥x/IP/month"). */
export function fromPerMonthFen(durations: readonly { priceFen: number; days: number }[]): number | null {
  return durations.length ? Math.min(...durations.map(perMonthFen)) : null;
}

/** `12345` fen → `123.45`: the decimal yuan string the payment channels and receipts use. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `"123.45"` → `12345`, exactly (no floating point); null unless a plain decimal with ≤ 2 places. */
export function yuanToFen(yuan: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A price for people, always with two decimals: `¥1,234.50`. */
export function formatFen(fen: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  }).format(fen / 100);
}

/**
 * A substation's own price of a package or static duration (decision 0027). `originalPriceFen`
 * null: the item's own list price, raised to the price when the override is above it.
 */
export interface PriceOverride {
  priceFen: number;
  originalPriceFen: number | null;
}

/** An item as a substation sells it: its override applied, or unchanged without one. */
export function withPriceOverride<T extends { priceFen: number; originalPriceFen: number }>(
  item: T,
  override: PriceOverride | undefined,
): T {
  if (!override) return item;
  return {
    ...item,
    priceFen: override.priceFen,
    originalPriceFen: override.originalPriceFen ?? Math.max(item.originalPriceFen, override.priceFen),
  };
}

/**
 * The custom-traffic rule as a substation sells it: each tier's price per GB replaced by the
 * substation's override of that tier (keyed by the tier's lower bound); bounds and validity unchanged.
 */
export function withTierOverrides(rule: CustomTrafficRule, overrides: ReadonlyMap<number, number>): CustomTrafficRule {
  if (overrides.size === 0) return rule;
  return {
    ...rule,
    tiers: rule.tiers.map((tier) => ({ ...tier, unitPriceFen: overrides.get(tier.minGb) ?? tier.unitPriceFen })),
  };
}
