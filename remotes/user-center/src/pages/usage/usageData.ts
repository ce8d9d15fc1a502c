import type { IntlShape } from 'react-intl';
import { type CsvCell, countryName, formatTraffic, type UsageBreakdown } from '@portal/shared';
import { addDays, zoneDate, zoneDateTime, zoneMidnight } from './usageState.ts';

/** Turns the breakdown's answer into what the usage page shows: groups, chart buckets, CSV. */

type Group = UsageBreakdown['groups'][number];
type GroupBy = UsageBreakdown['groupBy'];

const BYTES_PER_MB = 1024 * 1024;
/** Traffic is counted and sold in whole MB: a started MB counts (as the deduction does). */
export const bytesToMb = (bytes: number) => Math.ceil(bytes / BYTES_PER_MB);

/** The key that tells groups apart: the name, or the "not reported" and "other domains" rows. */
export const groupId = (g: Pick<Group, 'key' | 'other'>) => (g.other ? '\u0000other' : (g.key ?? '\u0000none'));

/** The chart colours the busiest groups in order; the rest share REST_COLOUR. */
export const PALETTE = [
  'var(--chakra-colors-blue-500)',
  'var(--chakra-colors-orange-400)',
  'var(--chakra-colors-teal-500)',
  'var(--chakra-colors-purple-500)',
  'var(--chakra-colors-pink-500)',
  'var(--chakra-colors-yellow-500)',
  'var(--chakra-colors-cyan-600)',
  'var(--chakra-colors-red-500)',
] as const;
export const REST_COLOUR = 'var(--chakra-colors-gray-400)';
export const REST_ID = '\u0000rest';

/** A group's name in the page's language. */
export function groupLabel(g: Pick<Group, 'key' | 'other'>, groupBy: GroupBy, intl: IntlShape): string {
  if (groupBy === 'none') return intl.formatMessage({ id: 'uc.usage.group.all' });
  if (g.other) return intl.formatMessage({ id: 'uc.usage.group.otherDomains' });
  if (g.key === null) return intl.formatMessage({ id: 'uc.usage.group.notReported' });
  if (groupBy === 'country') return countryName(g.key.toUpperCase(), intl.locale);
  return g.key;
}

export interface Series {
  id: string;
  label: string;
  colour: string;
}

/**
 * The chart's series: the busiest groups get a colour each (as many as the palette has), in the
 * answer's order (busiest first); the others are summed as one grey series. Unnamed usage and the
 * "other domains" row are grey too: they are no one group.
 */
export function chartSeries(groups: readonly Group[], groupBy: GroupBy, intl: IntlShape) {
  const series: Series[] = [];
  const seriesOf = new Map<string, string>();
  let rest = false;
  for (const g of groups) {
    const id = groupId(g);
    const named = g.key !== null && !g.other;
    if ((named || groupBy === 'none') && series.length < PALETTE.length) {
      series.push({ id, label: groupLabel(g, groupBy, intl), colour: PALETTE[series.length] ?? REST_COLOUR });
      seriesOf.set(id, id);
    } else {
      rest = true;
      seriesOf.set(id, REST_ID);
    }
  }
  if (rest) {
    const rested = groups.filter((g) => seriesOf.get(groupId(g)) === REST_ID);
    const label =
      rested.length === 1 && rested[0]
        ? groupLabel(rested[0], groupBy, intl)
        : intl.formatMessage({ id: 'uc.usage.group.rest' }, { count: rested.length });
    series.push({ id: REST_ID, label, colour: REST_COLOUR });
  }
  return { series, seriesOf };
}

export interface Bucket {
  start: number;
  /** The bucket's name on the axis and in the table: `2026-11-27` or `2026-11-27 08:00`. */
  label: string;
  /** Bytes per series id. */
  bytes: Map<string, number>;
  total: number;
}

/** Every bucket of the range, empty ones too, so the chart's time axis is even. */
export function buckets(
  data: Pick<UsageBreakdown, 'from' | 'to' | 'granularity' | 'points' | 'timeZone'>,
  seriesOf: Map<string, string>,
): Bucket[] {
  const { timeZone } = data;
  const starts: number[] = [];
  if (data.granularity === 'hour') {
    for (let t = data.from; t < data.to; t += 3_600_000) starts.push(t);
  } else {
    for (let day = zoneDate(data.from, timeZone); ; day = addDays(day, 1)) {
      const t = zoneMidnight(day, timeZone);
      if (t >= data.to) break;
      starts.push(t);
      if (starts.length > 400) break;
    }
  }
  const label = (t: number) => (data.granularity === 'hour' ? zoneDateTime(t, timeZone) : zoneDate(t, timeZone));
  const byStart = new Map<number, Bucket>(
    starts.map((start) => [start, { start, label: label(start), bytes: new Map(), total: 0 }]),
  );
  for (const p of data.points) {
    let bucket = byStart.get(p.start);
    if (!bucket) {
      // A bucket the list above did not foresee (an odd zone offset): kept, not dropped.
      bucket = { start: p.start, label: label(p.start), bytes: new Map(), total: 0 };
      byStart.set(p.start, bucket);
    }
    const id = seriesOf.get(groupId(p)) ?? REST_ID;
    bucket.bytes.set(id, (bucket.bytes.get(id) ?? 0) + p.bytes);
    bucket.total += p.bytes;
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** Failed requests as a share of requests, for people: `2.5%`, `—` without requests. */
export function failureRate(failed: number, requests: number, locale: string): string {
  if (requests <= 0) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(failed / requests);
}

export const formatBytes = (bytes: number, locale: string) => formatTraffic(bytesToMb(bytes), locale);

/** `usage-20261101-20261127.csv`: the range shown, first and last day. */
export const usageCsvName = (firstDay: string, lastDay: string) =>
  `usage-${firstDay.replaceAll('-', '')}-${lastDay.replaceAll('-', '')}.csv`;

/** The CSV of the points shown: bucket start in the zone, group, bytes, MB, requests, failed. */
export function usageCsv(data: UsageBreakdown, intl: IntlShape): { header: string[]; rows: CsvCell[][] } {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const header = [
    t('uc.usage.csv.start', { zone: data.timeZone === 'UTC' ? 'UTC+0' : data.timeZone }),
    t(`uc.usage.col.group.${data.groupBy}`),
    t('uc.usage.csv.bytes'),
    t('uc.usage.csv.mb'),
    t('uc.usage.col.requests'),
    t('uc.usage.col.failed'),
  ];
  const label = (ms: number) => (data.granularity === 'hour' ? zoneDateTime(ms, data.timeZone) : zoneDate(ms, data.timeZone));
  const rows = data.points.map((p) => [
    label(p.start),
    groupLabel(p, data.groupBy, intl),
    p.bytes,
    bytesToMb(p.bytes),
    p.requests,
    p.failedRequests,
  ]);
  return { header, rows };
}
