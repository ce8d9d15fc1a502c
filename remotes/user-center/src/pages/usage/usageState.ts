import { USAGE_GROUPS, USAGE_MAX_DAYS, USAGE_MAX_HOURLY_DAYS, type UsageBreakdownQuery } from '@portal/shared';

/**
 * The usage page's choices as URL search params (`?range=7d&groupBy=domain&tz=local`), so a reload
 * or a shared link shows the same breakdown. Defaults stay out of the URL.
 */

export const USAGE_PRESETS = ['today', '7d', '30d', '90d', 'custom'] as const;
export type UsagePreset = (typeof USAGE_PRESETS)[number];
export type UsageGroupBy = (typeof USAGE_GROUPS)[number];
/** `utc` is UTC+0 (the spec's statistics); `local` is the browser's own zone. */
export type UsageZoneChoice = 'utc' | 'local';

export interface UsageState {
  preset: UsagePreset;
  /** Custom range, inclusive days of the chosen zone (`YYYY-MM-DD`); '' when not chosen. */
  from: string;
  to: string;
  granularity: 'day' | 'hour';
  groupBy: UsageGroupBy;
  zone: UsageZoneChoice;
}

export const DEFAULT_STATE: UsageState = {
  preset: '7d',
  from: '',
  to: '',
  granularity: 'day',
  groupBy: 'none',
  zone: 'utc',
};

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PRESET_DAYS: Record<Exclude<UsagePreset, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };

/** `YYYY-MM-DD` as Date.UTC's year, month index and day. */
function ymd(date: string): [number, number, number] {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return [y, m - 1, d];
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

const validDate = (value: string | null) => {
  if (!value || !DATE.test(value)) return '';
  const [y, m, d] = ymd(value);
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m && date.getUTCDate() === d ? value : '';
};

/** Reads the URL's choices; anything unknown or malformed falls back to the default. */
export function parseUsageState(params: URLSearchParams): UsageState {
  const from = validDate(params.get('from'));
  const to = validDate(params.get('to'));
  let preset = oneOf(USAGE_PRESETS, params.get('range'), DEFAULT_STATE.preset);
  if (preset === 'custom' && (!from || !to)) preset = DEFAULT_STATE.preset;
  return {
    preset,
    from: preset === 'custom' ? from : '',
    to: preset === 'custom' ? to : '',
    granularity: oneOf(['day', 'hour'] as const, params.get('granularity'), DEFAULT_STATE.granularity),
    groupBy: oneOf(USAGE_GROUPS, params.get('groupBy'), DEFAULT_STATE.groupBy),
    zone: oneOf(['utc', 'local'] as const, params.get('tz'), DEFAULT_STATE.zone),
  };
}

/** The URL's params for a state: only what differs from the default. */
export function usageStateParams(state: UsageState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.preset !== DEFAULT_STATE.preset) params.set('range', state.preset);
  if (state.preset === 'custom') {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.granularity !== DEFAULT_STATE.granularity) params.set('granularity', state.granularity);
  if (state.groupBy !== DEFAULT_STATE.groupBy) params.set('groupBy', state.groupBy);
  if (state.zone !== DEFAULT_STATE.zone) params.set('tz', state.zone);
  return params;
}

/** The browser's IANA zone (`Asia/Shanghai`); `UTC` when the runtime has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let fmt = partsFormat.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormat.set(timeZone, fmt);
  }
  return fmt;
}

/** The wall clock of an instant in a zone. */
export function zoneParts(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatIn(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const part = (name: string) => parts[name] ?? 0;
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour') % 24, minute: part('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-27` of an instant in a zone. */
export function zoneDate(ms: number, timeZone: string): string {
  const p = zoneParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** `2026-11-27 08:00` of an instant in a zone. */
export function zoneDateTime(ms: number, timeZone: string): string {
  const p = zoneParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const p = zoneParts(ms, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/** The first instant of a day (`YYYY-MM-DD`) in a zone. */
export function zoneMidnight(date: string, timeZone: string): number {
  const guess = Date.UTC(...ymd(date));
  const first = guess - zoneOffset(guess, timeZone);
  const offset = zoneOffset(first, timeZone);
  return guess - offset;
}

/** `YYYY-MM-DD` moved by whole days. */
export function addDays(date: string, days: number): string {
  const moved = new Date(Date.UTC(...ymd(date)) + days * DAY_MS);
  return `${moved.getUTCFullYear()}-${pad(moved.getUTCMonth() + 1)}-${pad(moved.getUTCDate())}`;
}

/** Whole days from one date to another (`to` − `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.UTC(...ymd(to)) - Date.UTC(...ymd(from))) / DAY_MS);
}

export interface ResolvedRange {
  /** Inclusive first and last day shown, in the zone. */
  firstDay: string;
  lastDay: string;
  days: number;
  /** The query's instants: from the first day's midnight to the midnight after the last day. */
  from: number;
  to: number;
  /** Why the range cannot be asked for (a message id), if it cannot. */
  invalid?: 'uc.usage.error.order' | 'uc.usage.error.tooLong';
}

/** The days a state covers, counted back from today in the zone (presets) or as chosen (custom). */
export function resolveRange(state: UsageState, timeZone: string, now: number): ResolvedRange {
  const today = zoneDate(now, timeZone);
  const [firstDay, lastDay] =
    state.preset === 'custom' ? [state.from, state.to] : [addDays(today, 1 - PRESET_DAYS[state.preset]), today];
  const days = daysBetween(firstDay, lastDay) + 1;
  const from = zoneMidnight(firstDay, timeZone);
  let to = zoneMidnight(addDays(lastDay, 1), timeZone);
  const range: ResolvedRange = { firstDay, lastDay, days, from, to };
  if (days < 1) return { ...range, invalid: 'uc.usage.error.order' };
  if (days > USAGE_MAX_DAYS) return { ...range, invalid: 'uc.usage.error.tooLong' };
  // A summer-time change can make 90 days of a zone an hour longer than the server's limit.
  if (to - from > USAGE_MAX_DAYS * DAY_MS) to = from + USAGE_MAX_DAYS * DAY_MS;
  return { ...range, to };
}

/** Hours are offered for at most USAGE_MAX_HOURLY_DAYS days. */
export const hourlyAllowed = (range: Pick<ResolvedRange, 'from' | 'to'>) =>
  range.to - range.from <= USAGE_MAX_HOURLY_DAYS * DAY_MS;

/** The query for a state, or null when the range cannot be asked for. */
export function breakdownQuery(state: UsageState, timeZone: string, now: number) {
  const range = resolveRange(state, timeZone, now);
  if (range.invalid) return { range, query: null };
  const granularity = state.granularity === 'hour' && hourlyAllowed(range) ? 'hour' : 'day';
  const query = { from: range.from, to: range.to, granularity, groupBy: state.groupBy, timeZone } satisfies UsageBreakdownQuery;
  return { range, query };
}
