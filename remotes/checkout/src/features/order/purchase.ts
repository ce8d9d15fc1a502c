import type { RechargeOrderCreateBody } from '@portal/shared';

export type Purchase = Pick<RechargeOrderCreateBody, 'packageId' | 'trafficGb'>;

const positiveInt = (v: string | null) => (v !== null && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null);

/**
 * What the buyer chose on /buy or /h5, as it travels in the URL: `?package=<id>` or `?gb=<n>`. Only
 * the choice travels; the price is always the server's.
 */
export function parsePurchase(params: URLSearchParams): Purchase | null {
  const packageId = positiveInt(params.get('package'));
  if (packageId !== null) return { packageId };
  const trafficGb = positiveInt(params.get('gb'));
  if (trafficGb !== null) return { trafficGb };
  return null;
}

/** An existing order to pay or check: `?id=<orderId>`. */
export const parseOrderId = (params: URLSearchParams) => positiveInt(params.get('id'));

/** Phones pay through the H5 flow (Alipay wap, WeChat H5); desktops through the PC channels. */
export function isPhone(): boolean {
  if (typeof window === 'undefined') return false;
  return /Mobi|Android|iPhone|iPad|HarmonyOS/i.test(navigator.userAgent) || window.matchMedia('(max-width: 767px)').matches;
}
