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
