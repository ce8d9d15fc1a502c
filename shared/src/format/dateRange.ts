/**
 * The date filters of the lists: `<input type="date">` values (YYYY-MM-DD) turned into the epoch
 * millisecond bounds the API takes, start inclusive and end exclusive. Orders count days in the
 * user's own time zone; usage records count UTC days, like the statistics.
 */

export type DayZone = 'local' | 'utc';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar day written YYYY-MM-DD (2024-02-30 is not). */
export function isDay(value: string | null | undefined): value is string {
  const m = DAY.exec(value ?? '');
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Epoch ms of the start of day `value` (+ `plusDays`), or undefined for anything but a real day. */
export function dayStart(value: string | null | undefined, zone: DayZone, plusDays = 0): number | undefined {
  if (!isDay(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  // Local midnight through the Date constructor, so a daylight-saving day keeps its real length.
  return zone === 'utc' ? Date.UTC(y, m - 1, d) + plusDays * DAY_MS : new Date(y, m - 1, d + plusDays).getTime();
}

export interface EpochRange {
  /** At or after (epoch ms). */
  from?: number;
  /** Before (epoch ms): the start of the day after the end date, so the end date counts whole. */
  to?: number;
}

/** Both dates inclusive; either may be empty; a range given backwards is read the right way round. */
export function dayRange(fromDay: string | null | undefined, toDay: string | null | undefined, zone: DayZone): EpochRange {
  let [a, b] = [isDay(fromDay) ? fromDay : undefined, isDay(toDay) ? toDay : undefined];
  if (a && b && a > b) [a, b] = [b, a];
  const range: EpochRange = {};
  const from = dayStart(a, zone);
  const to = dayStart(b, zone, 1);
  if (from !== undefined) range.from = from;
  if (to !== undefined) range.to = to;
  return range;
}

/** Epoch ms of the next local midnight after `now`: the end of the user's own today. */
export function nextLocalMidnight(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}
