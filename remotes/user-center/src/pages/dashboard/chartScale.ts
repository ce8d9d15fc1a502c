import { MB_PER_GB } from '@portal/shared';

/** The y axis of a usage chart: ticks in MB below 1 GB, in GB from there (as formatTraffic writes them). */
export interface ChartScale {
  unit: 'MB' | 'GB';
  /** MB per unit: 1 or 1024. */
  unitMb: number;
  /** Distance between ticks, in the unit. */
  step: number;
  /** Tick values in the unit, from 0 up to the top of the axis. */
  ticks: number[];
  /** The top of the axis in MB (≥ the largest value). */
  topMb: number;
}

/** 1, 2 or 5 times a power of ten, the nearest to `raw` (as usual for axes). */
export function niceStep(raw: number): number {
  const base = 10 ** Math.floor(Math.log10(raw));
  const ratio = raw / base;
  const factor = ratio >= Math.sqrt(50) ? 10 : ratio >= Math.sqrt(10) ? 5 : ratio >= Math.sqrt(2) ? 2 : 1;
  return factor * base;
}

/** Removes the float noise of `i × step` (0.30000000000000004 → 0.3). */
const clean = (n: number) => Number(n.toPrecision(12));

/** Round ticks for values up to `maxMb`: about `target` intervals, whole MB at least, 0..4 MB when all is 0. */
export function chartScale(maxMb: number, target = 4): ChartScale {
  const max = Number.isFinite(maxMb) && maxMb > 0 ? maxMb : 0;
  const unitMb = max >= MB_PER_GB ? MB_PER_GB : 1;
  const inUnit = max / unitMb;
  let step = inUnit > 0 ? niceStep(inUnit / target) : 1;
  if (unitMb === 1) step = Math.max(1, step);
  const intervals = inUnit > 0 ? Math.max(1, Math.ceil(clean(inUnit / step))) : target;
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => clean(i * step));
  return { unit: unitMb === 1 ? 'MB' : 'GB', unitMb, step, ticks, topMb: clean((ticks.at(-1) ?? 0) * unitMb) };
}

/** `0.5 GB`, `1,000 MB`: a tick for people. */
export function tickLabel(tick: number, scale: Pick<ChartScale, 'unit'>, locale: string): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(tick)} ${scale.unit}`;
}

/** Which of `count` days get a date under the axis: every `every`th, counted back from the last (today). */
export function labelledDays(count: number, every = 5): number[] {
  const days: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) days.unshift(i);
  return days;
}

/** Width of a label of digits and Latin capitals at `fontSize` px, a little generous (no DOM to measure in SSR). */
export const labelWidth = (text: string, fontSize: number) => Math.ceil(text.length * fontSize * 0.62);

/**
 * Where a date under the axis goes: centred under its bar, unless that would cut it at either end
 * of the chart (the last bar is today, at the right edge): then it is held inside, anchored there.
 */
export function axisLabelPosition(
  centre: number,
  width: number,
  chartWidth: number,
): { x: number; anchor: 'start' | 'middle' | 'end' } {
  if (centre - width / 2 < 0) return { x: 0, anchor: 'start' };
  if (centre + width / 2 > chartWidth) return { x: chartWidth, anchor: 'end' };
  return { x: centre, anchor: 'middle' };
}
