import type { IntlShape } from 'react-intl';
import { type DeductHourRecord, formatTraffic } from '@portal/shared';
import { drawsText } from '../dashboard/lots.ts';

/** The columns of the deduction records, in order; the CSV has the same ones. */
export const RECORD_COLUMNS = ['hour', 'used', 'deducted', 'uncovered', 'balanceAfter', 'paidFrom'] as const;
export type RecordColumn = (typeof RECORD_COLUMNS)[number];

const UNITS = ['KB', 'MB', 'GB'] as const;

/** Bytes for people: `512 B`, `1.50 KB`, `20.00 MB`, `3.25 GB` (binary units, two decimals). */
export function formatBytes(bytes: number, locale: string): string {
  if (Math.abs(bytes) < 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(bytes)} B`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const u of UNITS) {
    value /= 1024;
    unit = u;
    if (Math.abs(value) < 1024) break;
  }
  // Rounding can reach 1024.00 of a unit; the next unit reads better then.
  const i = UNITS.indexOf(unit);
  if (Math.abs(value) >= 1023.995 && i < UNITS.length - 1) {
    value /= 1024;
    unit = UNITS[i + 1] as (typeof UNITS)[number];
  }
  const fmt = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${fmt.format(value)} ${unit}`;
}

/** The hour a record covers, always in UTC: `2024-05-01 13:00 UTC`. */
export function formatUtcHour(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00 UTC`;
}

/** Every column of one record as people read it, in the page's language. */
export function recordCells(record: DeductHourRecord, intl: IntlShape): Record<RecordColumn, string> {
  return {
    hour: formatUtcHour(record.hour),
    used: formatBytes(record.usedBytes, intl.locale),
    deducted: formatTraffic(record.deductedMb, intl.locale),
    uncovered: formatTraffic(record.uncoveredMb, intl.locale),
    balanceAfter: formatTraffic(record.balanceAfterMb, intl.locale),
    paidFrom: drawsText(record.draws, intl, (mb) => formatTraffic(mb, intl.locale)),
  };
}

export const recordHeader = (intl: IntlShape) => RECORD_COLUMNS.map((c) => intl.formatMessage({ id: `uc.records.col.${c}` }));
