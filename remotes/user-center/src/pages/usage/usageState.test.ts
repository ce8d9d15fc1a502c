import { describe, expect, it } from 'vitest';
import {
  breakdownQuery,
  DEFAULT_STATE,
  parseUsageState,
  resolveRange,
  usageStateParams,
  zoneDate,
  zoneDateTime,
  zoneMidnight,
} from './usageState.ts';

const parse = (query: string) => parseUsageState(new URLSearchParams(query));
// 27 Nov 2026, 05:00 UTC: already the 27th in Shanghai (13:00), still the 26th in Los Angeles (21:00).
const NOW = Date.UTC(2026, 10, 27, 5);

describe('the usage page state in the URL', () => {
  it('defaults to the last 7 days by day, unsplit, in UTC+0, and keeps defaults out of the URL', () => {
    expect(parse('')).toEqual(DEFAULT_STATE);
    expect(usageStateParams(DEFAULT_STATE).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const state = {
      preset: 'custom',
      from: '2026-10-01',
      to: '2026-10-15',
      granularity: 'hour',
      groupBy: 'domain',
      zone: 'local',
    } as const;
    const params = usageStateParams(state);
    expect(params.toString()).toBe('range=custom&from=2026-10-01&to=2026-10-15&granularity=hour&groupBy=domain&tz=local');
    expect(parseUsageState(params)).toEqual(state);
  });

  it('ignores what makes no sense', () => {
    expect(parse('range=year&granularity=minute&groupBy=isp&tz=mars')).toEqual(DEFAULT_STATE);
    // A custom range needs two real dates; otherwise the default range is shown.
    expect(parse('range=custom&from=2026-02-30&to=2026-03-01').preset).toBe('7d');
    expect(parse('range=custom&from=2026-02-01').preset).toBe('7d');
    // Dates without a custom range are dropped.
    expect(parse('range=30d&from=2026-02-01&to=2026-02-03')).toMatchObject({ preset: '30d', from: '', to: '' });
  });
});

describe('the range of a state', () => {
  it('counts presets back from today in the chosen zone, today included', () => {
    expect(resolveRange({ ...DEFAULT_STATE, preset: 'today' }, 'UTC', NOW)).toMatchObject({
      firstDay: '2026-11-27',
      lastDay: '2026-11-27',
      from: Date.UTC(2026, 10, 27),
      to: Date.UTC(2026, 10, 28),
    });
    const la = resolveRange({ ...DEFAULT_STATE, preset: '7d' }, 'America/Los_Angeles', NOW);
    expect(la).toMatchObject({ firstDay: '2026-11-20', lastDay: '2026-11-26', days: 7 });
    expect(la.from).toBe(Date.UTC(2026, 10, 20, 8)); // midnight at UTC−8
    const shanghai = resolveRange({ ...DEFAULT_STATE, preset: '90d' }, 'Asia/Shanghai', NOW);
    expect(shanghai).toMatchObject({ lastDay: '2026-11-27', days: 90 });
    expect(shanghai.to - shanghai.from).toBe(90 * 86_400_000);
  });

  it('keeps 90 days of a zone with summer time within the 90-day limit', () => {
    const r = resolveRange({ ...DEFAULT_STATE, preset: 'custom', from: '2026-09-01', to: '2026-11-29' }, 'Europe/Berlin', NOW);
    expect(r.invalid).toBeUndefined();
    expect(r.to - r.from).toBeLessThanOrEqual(90 * 86_400_000);
  });

  it('refuses a custom range backwards or longer than 90 days', () => {
    const custom = (from: string, to: string) => ({ ...DEFAULT_STATE, preset: 'custom' as const, from, to });
    expect(resolveRange(custom('2026-11-10', '2026-11-09'), 'UTC', NOW).invalid).toBe('uc.usage.error.order');
    expect(resolveRange(custom('2026-08-01', '2026-11-01'), 'UTC', NOW).invalid).toBe('uc.usage.error.tooLong');
    expect(breakdownQuery(custom('2026-08-01', '2026-11-01'), 'UTC', NOW).query).toBeNull();
  });

  it('asks by the hour only for up to 31 days, by the day beyond', () => {
    const hourly = (preset: '30d' | '90d') =>
      breakdownQuery({ ...DEFAULT_STATE, preset, granularity: 'hour', groupBy: 'country' }, 'UTC', NOW);
    expect(hourly('30d').query).toMatchObject({ granularity: 'hour', groupBy: 'country', timeZone: 'UTC' });
    expect(hourly('90d').query?.granularity).toBe('day');
  });
});

describe('dates in a zone', () => {
  it('writes the wall clock of the zone', () => {
    expect(zoneDate(NOW, 'Asia/Shanghai')).toBe('2026-11-27');
    expect(zoneDate(NOW, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(zoneDateTime(NOW, 'Asia/Kolkata')).toBe('2026-11-27 10:30');
  });

  it('finds midnight across summer time changes', () => {
    expect(zoneMidnight('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23)); // still UTC+1 at midnight
    expect(zoneMidnight('2026-03-30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 22)); // UTC+2 now
    expect(zoneMidnight('2026-11-27', 'UTC')).toBe(Date.UTC(2026, 10, 27));
  });
});
