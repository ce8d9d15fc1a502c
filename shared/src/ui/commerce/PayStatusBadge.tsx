import { PayStatus } from '../../contract/index.ts';
import { Badge } from '../chakra.ts';

/** An order's payment status in the order tables (traffic and static IPs): green once paid. */
export function PayStatusBadge({ payStatus, label }: { payStatus: number; label: string | null }) {
  return (
    <Badge colorPalette={payStatus === PayStatus.Paid ? 'green' : 'gray'} variant="outline">
      {label}
    </Badge>
  );
}

/**
 * The cells of the payment columns both order tables have (traffic and static IPs), from an order and
 * its texts: the payment status's badge, then the channel and the time, '—' until it is paid.
 */
export const paymentCells = {
  payStatus: (order: { payStatus: number }, cells: { payStatus: string | null }) => (
    <PayStatusBadge payStatus={order.payStatus} label={cells.payStatus} />
  ),
  payType: (_order: unknown, cells: { payType: string | null }) => cells.payType ?? '—',
  payTime: (_order: unknown, cells: { payTime: string | null }) => cells.payTime ?? '—',
};
