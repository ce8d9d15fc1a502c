import { Badge } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';

const COLOR: Record<number, string> = { 0: 'gray', 1: 'orange', 2: 'orange', 3: 'green', 4: 'red' };

export function StatusBadge({ status }: { status: number }) {
  return (
    <Badge colorPalette={COLOR[status] ?? 'gray'} size="lg" data-testid="certification-status">
      <FormattedMessage id={`uc.identification.${status}`} />
    </Badge>
  );
}
