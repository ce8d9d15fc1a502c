import type { ProxyAccount } from '@portal/shared';

export const MB_PER_GB = 1024;

/** How far a capped sub-account is into its cap: the share shown by the bar, and the state it is in. */
export function capUsage(a: Pick<ProxyAccount, 'trafficCapMb' | 'usedMb'>) {
  if (a.trafficCapMb === null) return null;
  const percent = Math.min(100, Math.floor((a.usedMb / a.trafficCapMb) * 100));
  const state = a.usedMb >= a.trafficCapMb ? 'reached' : percent >= 80 ? 'near' : 'ok';
  return { percent, state } as const;
}

/**
 * The cap typed in GB (decimals allowed, "," as decimal mark too) as MB; '' means no cap. null: not a
 * cap the server takes (≤ 0, more than 100,000,000 MB, not a number).
 */
export function parseCapGb(typed: string): { capMb: number | null } | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return { capMb: null };
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const capMb = Math.round(Number(text) * MB_PER_GB);
  return capMb > 0 && capMb <= 100_000_000 ? { capMb } : null;
}

export const capGbText = (capMb: number | null) => (capMb === null ? '' : String(Math.round((capMb / MB_PER_GB) * 1000) / 1000));
