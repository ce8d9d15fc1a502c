import type { IntlShape } from 'react-intl';
import { nextLocalMidnight, type StaticIp, StaticIpStatus } from '@portal/shared';

/**
 * An IP as the page keeps it: `expiresAt` is its expiry on this browser's clock (the fetch time
 * plus the server's `remainingMs`), so a countdown is right even when the clocks disagree.
 */
export type LiveIp = StaticIp & { expiresAt: number };

export const toLiveIp = (ip: StaticIp, fetchedAt: number): LiveIp => ({ ...ip, expiresAt: fetchedAt + ip.remainingMs });

/** Milliseconds left at `now`; never negative. */
export const remainingAt = (ip: Pick<LiveIp, 'expiresAt'>, now: number) => Math.max(0, ip.expiresAt - now);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RemainingParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds of a duration (rounded down; 0 for anything negative). */
export function splitRemaining(ms: number): RemainingParts {
  const left = Math.max(0, Math.floor(Number.isFinite(ms) ? ms : 0));
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  };
}

/**
 * The countdown of SPEC section 3 in the page's language: `3d 4h 5m 6s`, `3天4小时5分6秒`;
 * all zeros once expired. The table and the CSV export both use it.
 */
export function formatRemaining(ms: number, intl: Pick<IntlShape, 'formatMessage'>): string {
  return intl.formatMessage({ id: 'static.ips.countdown' }, { ...splitRemaining(ms) });
}

/** Still running, and ends before the user's local midnight: the "Expiring today" badge. */
export function isExpiringToday(expiresAt: number, now: number): boolean {
  return expiresAt > now && expiresAt < nextLocalMidnight(now);
}

/** An IP whose time ran out on the page reads expired before the next fetch says so. */
export function effectiveIpStatus(ip: Pick<LiveIp, 'status' | 'expiresAt'>, now: number): StaticIpStatus {
  return ip.status === StaticIpStatus.Normal && remainingAt(ip, now) === 0 ? StaticIpStatus.Expired : ip.status;
}
