import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { sharedMessages } from '@portal/shared/messages';
import type { UsageBreakdown } from '@portal/shared';
import en from '../../messages/en.json';
import zhCN from '../../messages/zh-CN.json';
import {
  buckets,
  bytesToMb,
  chartSeries,
  failureRate,
  PALETTE,
  REST_COLOUR,
  REST_ID,
  usageCsv,
  usageCsvName,
} from './usageData.ts';

const intl = {
  en: createIntl({ locale: 'en', messages: { ...sharedMessages.en, ...en } }),
  'zh-CN': createIntl({ locale: 'zh-CN', messages: { ...sharedMessages['zh-CN'], ...zhCN } }),
};
const MB = 1024 * 1024;
const DAY = Date.UTC(2026, 10, 25);
const figures = (bytes: number, requests = 0, failedRequests = 0) => ({ bytes, requests, failedRequests });

function breakdown(over: Partial<UsageBreakdown>): UsageBreakdown {
  return {
    from: DAY,
    to: DAY + 3 * 86_400_000,
    granularity: 'day',
    groupBy: 'subAccount',
    timeZone: 'UTC',
    groups: [],
    points: [],
    total: figures(0),
    ...over,
  };
}

describe('the chart series', () => {
  it('colours the busiest named groups in order and sums the rest, unnamed usage and other domains in grey', () => {
    const named = Array.from({ length: PALETTE.length + 2 }, (_, i) => ({
      key: `shop${i}.com`,
      other: false,
      ...figures(100 - i),
    }));
    const groups = [
      ...named.slice(0, 3),
      { key: null, other: false, ...figures(50) },
      ...named.slice(3),
      { key: null, other: true, ...figures(1) },
    ];
    const { series, seriesOf } = chartSeries(groups, 'domain', intl.en);
    expect(series.map((s) => s.colour)).toEqual([...PALETTE, REST_COLOUR]);
    expect(series.slice(0, 3).map((s) => s.label)).toEqual(['shop0.com', 'shop1.com', 'shop2.com']);
    expect(series.at(-1)).toMatchObject({ id: REST_ID, label: '4 others' });
    expect(seriesOf.get('\u0000none')).toBe(REST_ID);
    expect(seriesOf.get('\u0000other')).toBe(REST_ID);
    expect(seriesOf.get(`shop${PALETTE.length}.com`)).toBe(REST_ID);
  });

  it('names a single grey group itself, in the page language', () => {
    const groups = [
      { key: 'US', other: false, ...figures(9) },
      { key: null, other: false, ...figures(1) },
    ];
    expect(chartSeries(groups, 'country', intl['zh-CN']).series.map((s) => s.label)).toEqual(['美国', '未上报']);
    expect(chartSeries(groups, 'country', intl.en).series.map((s) => s.label)).toEqual(['United States', 'Not reported']);
  });
});

describe('the chart buckets', () => {
  it('has every day of the range, empty ones too, stacked by series', () => {
    const data = breakdown({
      points: [
        { start: DAY, key: 'a', other: false, ...figures(2 * MB) },
        { start: DAY, key: 'b', other: false, ...figures(MB) },
        { start: DAY + 2 * 86_400_000, key: 'a', other: false, ...figures(MB) },
      ],
    });
    const { seriesOf } = chartSeries(
      [
        { key: 'a', other: false, ...figures(3) },
        { key: 'b', other: false, ...figures(1) },
      ],
      'subAccount',
      intl.en,
    );
    const result = buckets(data, seriesOf);
    expect(result.map((b) => b.label)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(result.map((b) => b.total)).toEqual([3 * MB, 0, MB]);
    expect(result[0]?.bytes.get('b')).toBe(MB);
  });

  it('has an hour per bucket by the hour, written in the zone', () => {
    const data = breakdown({
      granularity: 'hour',
      timeZone: 'Asia/Shanghai',
      from: DAY - 8 * 3_600_000,
      to: DAY - 5 * 3_600_000,
    });
    expect(buckets(data, new Map()).map((b) => b.label)).toEqual(['2026-11-25 00:00', '2026-11-25 01:00', '2026-11-25 02:00']);
  });
});

describe('the figures', () => {
  it('counts a started MB and writes failure rates for people', () => {
    expect([bytesToMb(0), bytesToMb(1), bytesToMb(MB), bytesToMb(MB + 1)]).toEqual([0, 1, 1, 2]);
    expect(failureRate(1, 40, 'en')).toBe('2.5%');
    expect(failureRate(0, 0, 'en')).toBe('—');
  });
});

describe('the CSV of the usage shown', () => {
  const data = breakdown({
    groupBy: 'domain',
    timeZone: 'Asia/Shanghai',
    points: [
      { start: DAY - 8 * 3_600_000, key: 'shop.com', other: false, ...figures(MB + 1, 10, 1) },
      { start: DAY - 8 * 3_600_000, key: null, other: true, ...figures(5, 2, 0) },
      { start: DAY - 8 * 3_600_000, key: null, other: false, ...figures(7, 1, 1) },
    ],
  });

  it('has one row per point: start in the zone, group, bytes, MB, requests, failed', () => {
    const csv = usageCsv(data, intl.en);
    expect(csv.header).toEqual([
      'Start (Asia/Shanghai)',
      'Target domain',
      'Bytes',
      'Traffic (MB)',
      'Requests',
      'Failed requests',
    ]);
    expect(csv.rows).toEqual([
      ['2026-11-25', 'shop.com', MB + 1, 2, 10, 1],
      ['2026-11-25', 'Other domains', 5, 1, 2, 0],
      ['2026-11-25', 'Not reported', 7, 1, 1, 1],
    ]);
  });

  it('writes its header and names in Chinese on the Chinese page, hours with the time', () => {
    const csv = usageCsv({ ...data, granularity: 'hour', timeZone: 'UTC', groupBy: 'subAccount' }, intl['zh-CN']);
    expect(csv.header).toEqual(['开始时间（UTC+0）', '子账号', '字节数', '流量（MB）', '请求数', '失败请求数']);
    expect(csv.rows.map((r) => r[0])).toEqual(['2026-11-24 16:00', '2026-11-24 16:00', '2026-11-24 16:00']);
    expect(csv.rows.map((r) => r[1])).toEqual(['shop.com', '其他域名', '未上报']);
  });

  it('is named after the days shown', () => {
    expect(usageCsvName('2026-11-01', '2026-11-27')).toBe('usage-20261101-20261127.csv');
  });
});
