import { type ResourceType, STATIC_MAX_COUNT } from '@portal/shared';
import type { LiveIp } from './remaining.ts';

/** Chosen IPs by id; kept across pages of the same filter. */
export type IpSelection = ReadonlyMap<number, LiveIp>;

export function toggleIp(selection: IpSelection, ip: LiveIp, on: boolean): Map<number, LiveIp> {
  const next = new Map(selection);
  if (on) next.set(ip.id, ip);
  else next.delete(ip.id);
  return next;
}

/** Selects or unselects every IP of the page shown, leaving other pages' choices alone. */
export function togglePage(selection: IpSelection, page: readonly LiveIp[], on: boolean): Map<number, LiveIp> {
  const next = new Map(selection);
  for (const ip of page) {
    if (on) next.set(ip.id, ip);
    else next.delete(ip.id);
  }
  return next;
}

/** The header checkbox: all of the page, none, or some. */
export function pageState(selection: IpSelection, page: readonly LiveIp[]): boolean | 'indeterminate' {
  const chosen = page.filter((ip) => selection.has(ip.id)).length;
  if (chosen === 0) return false;
  return chosen === page.length ? true : 'indeterminate';
}

/** The one resource type of the IPs, or null when there are none or they are of several types. */
export function sharedType(ips: readonly Pick<LiveIp, 'resourceType'>[]): ResourceType | null {
  const first = ips[0]?.resourceType;
  if (first === undefined) return null;
  return ips.every((ip) => ip.resourceType === first) ? first : null;
}

/** Why the selected IPs cannot be renewed together (a message id), or null when they can. */
export function renewProblem(ips: readonly Pick<LiveIp, 'resourceType'>[]): string | null {
  if (ips.length === 0) return 'static.ips.selectFirst';
  if (ips.length > STATIC_MAX_COUNT) return 'static.ips.tooMany';
  return sharedType(ips) === null ? 'static.ips.mixedTypes' : null;
}

/** Why the selected IPs cannot be exchanged together (a message id), or null when they can. */
export function exchangeProblem(ips: readonly Pick<LiveIp, 'resourceType'>[]): string | null {
  if (ips.length === 0) return 'static.ips.selectFirst';
  if (ips.length > STATIC_MAX_COUNT) return 'static.ips.tooMany';
  return null;
}

/** The `itemIds` of exchangeNode: ids in ascending order, comma-separated (one cache entry per set). */
export const itemIdsParam = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b).join(',');
