import { randomInt } from 'node:crypto';

/**
 * `R20261121153045123456`: a prefix, the UTC time to the second and 6 random digits. Sortable and
 * readable on the phone with support; ≤ 32 characters of [0-9A-Z] as every payment provider accepts.
 * Uniqueness is the database's (unique index); a collision is retried by the caller. Here, not in
 * one of the modules that number their rows (orders, static IP orders, payments, refunds: F), so none imports another for it.
 */
export function makeNumber(prefix: 'R' | 'P' | 'S' | 'F', now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** True for PostgreSQL's unique_violation (also through drizzle's wrapping error). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
