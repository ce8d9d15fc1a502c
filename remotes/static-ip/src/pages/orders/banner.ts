import { StaticOrderStatus } from '@portal/shared';

/** What the banner says about an order the payment provider sent the browser back for. */
export type BannerState = 'checking' | 'waiting' | 'cancelled' | 'paid' | 'closed' | 'refunding' | 'failed';

export function bannerState(
  status: StaticOrderStatus | undefined,
  options: { cancelled: boolean; failed: boolean },
): BannerState {
  if (status === undefined) return options.failed ? 'failed' : 'checking';
  switch (status) {
    case StaticOrderStatus.Success:
      return 'paid';
    case StaticOrderStatus.Refunding:
      return 'refunding';
    case StaticOrderStatus.Closed:
      return 'closed';
    default:
      return options.cancelled ? 'cancelled' : 'waiting';
  }
}
