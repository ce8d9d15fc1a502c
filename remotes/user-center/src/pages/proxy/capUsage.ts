import type { ProxyAccount } from '@portal/shared';

export const MB_PER_GB = 1024;

/** How far usage is into a cap or limit: the share a bar shows, and its state (near from 80 %); null: no limit. */
export function shareOf(usedMb: number, limitMb: number | null) {
  if (limitMb === null) return null;
  const percent = Math.min(100, Math.floor((usedMb / limitMb) * 100));
  const state = usedMb >= limitMb ? 'reached' : percent >= 80 ? 'near' : 'ok';
  return { percent, state } as const;
}

/** How far a capped sub-account is into its cap. */
export const capUsage = (a: Pick<ProxyAccount, 'trafficCapMb' | 'usedMb'>) => shareOf(a.usedMb, a.trafficCapMb);

/**
 * A cap or limit typed in GB (decimals allowed, "," as decimal mark too) as MB; '' means none. null:
 * not an amount the server takes (≤ 0, more than 100,000,000 MB, not a number).
 */
export function parseGb(typed: string): { mb: number | null } | null {
  const text = typed.trim().replace(',', '.');
  if (text === '') return { mb: null };
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const mb = Math.round(Number(text) * MB_PER_GB);
  return mb > 0 && mb <= 100_000_000 ? { mb } : null;
}

export const gbText = (mb: number | null) => (mb === null ? '' : String(Math.round((mb / MB_PER_GB) * 1000) / 1000));
