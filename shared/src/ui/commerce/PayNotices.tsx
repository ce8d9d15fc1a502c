import { Text } from '../chakra.ts';
import { FormattedMessage } from 'react-intl';
import { MessageAlert } from './Alerts.tsx';

/** The payment provider runs in sandbox mode: say that no real money moves. */
export function PaySandboxNotice() {
  return <MessageAlert status="info" size="sm" id="shared.pay.sandbox" testId="pay-sandbox" />;
}

/** "Pay within mm:ss, or the order closes"; the caller ticks `timeLeft`. */
export function PayDeadline({ timeLeft }: { timeLeft: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="pay-deadline">
      <FormattedMessage id="shared.pay.deadline" values={{ time: timeLeft }} />
    </Text>
  );
}
