/**
 * Contact details as the user-info call shows them: enough to recognise one's own, not enough to
 * harvest them from a borrowed screen or a log.
 */

/** `13800138000` → `138****8000`. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return `${mobile.slice(0, 1)}****`;
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** `alice@example.com` → `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
