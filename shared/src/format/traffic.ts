/** Traffic travels as an integer number of MB; people read GB once there is at least one. */
export function formatTraffic(mb: number, locale: string): string {
  const fmt = (n: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  if (Math.abs(mb) >= 1024) return `${fmt(mb / 1024, 2)} GB`;
  return `${fmt(mb, 0)} MB`;
}
