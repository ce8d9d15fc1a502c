import { STATIC_MAX_COUNT, type StaticDuration, type StaticRegion } from '@portal/shared';

/** Most characters of an order's remark (the contract's limit, after trimming). */
export const REMARK_MAX = 200;

/** Shortest first, as the durations are offered. */
export const sortDurations = (durations: readonly StaticDuration[]) => [...durations].sort((a, b) => a.days - b.days);

/** The chosen duration while it is still offered, otherwise the shortest one; null when none is. */
export function pickDuration(durations: readonly StaticDuration[], chosenDays: number | null): StaticDuration | null {
  const chosen = chosenDays === null ? undefined : durations.find((d) => d.days === chosenDays);
  return chosen ?? sortDurations(durations)[0] ?? null;
}

/** The chosen region while it has IPs in stock, otherwise the first that has; null when every one is sold out. */
export function pickRegion(regions: readonly StaticRegion[], chosenId: number | null): StaticRegion | null {
  const chosen = chosenId === null ? undefined : regions.find((r) => r.id === chosenId && r.available > 0);
  return chosen ?? regions.find((r) => r.available > 0) ?? null;
}

/** Most IPs one order can take in a region: its stock, at most 100. */
export const maxCount = (available: number) => Math.max(0, Math.min(STATIC_MAX_COUNT, Math.floor(available)));

/** The count typed in, when it is a whole number from 1 to `max`; null otherwise. */
export function parseCount(text: string, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,4}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}

/** A count brought within 1..max (1 when there is nothing to buy, the input is disabled then). */
export function clampCount(count: number, max: number): number {
  if (!Number.isFinite(count)) return 1;
  return Math.min(Math.max(1, Math.floor(count)), Math.max(1, max));
}

/**
 * What an order costs: the price per IP times the count, in integer fen — the very arithmetic of
 * the server, which prices the order from its own catalogue.
 */
export function totalFen(priceFen: number, count: number): number {
  return priceFen * count;
}

/** Whole percent off the list price (0 when there is no discount). */
export function discountPercent(d: Pick<StaticDuration, 'priceFen' | 'originalPriceFen'>): number {
  if (d.originalPriceFen <= d.priceFen) return 0;
  return Math.round(((d.originalPriceFen - d.priceFen) * 100) / d.originalPriceFen);
}
