import type { TrafficPurchase } from '@portal/shared';

const positiveInt = (v: string | null) => (v !== null && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null);

/**
 * What the buyer chose on /buy or /h5, as it travels in the URL: `?package=<id>` or `?gb=<n>`. Only
 * the choice travels; the price is always the server's.
 */
export function parsePurchase(params: URLSearchParams): TrafficPurchase | null {
  const packageId = positiveInt(params.get('package'));
  if (packageId !== null) return { packageId };
  const trafficGb = positiveInt(params.get('gb'));
  if (trafficGb !== null) return { trafficGb };
  return null;
}

/** An existing order to pay or check: `?id=<orderId>`. */
export const parseOrderId = (params: URLSearchParams) => positiveInt(params.get('id'));

/**
 * The same order on the phone pages: `/order?…` → `/h5/pay?…` with the order or the choice, so a
 * phone that reaches the desktop's order page (a link in the order list, the way back from login)
 * pays through the H5 channels. Nothing else travels (a `cancelled` flag is of a desktop payment).
 */
export function phonePayPath(params: URLSearchParams): string {
  const id = parseOrderId(params);
  if (id !== null) return `/h5/pay?id=${id}`;
  const purchase = parsePurchase(params);
  if (purchase?.packageId !== undefined) return `/h5/pay?package=${purchase.packageId}`;
  if (purchase?.trafficGb !== undefined) return `/h5/pay?gb=${purchase.trafficGb}`;
  return '/h5';
}
