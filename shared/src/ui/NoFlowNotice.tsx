import { Alert, Button } from './chakra.ts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore, remainingFlow } from '../state/auth.ts';
import { useLocalePath } from './useLocalePath.ts';

/**
 * 'No flow, please recharge first' (SPEC section 8): shown to a logged-in user whose remaining
 * traffic is zero, with the way to buy more.
 */
export function NoFlowNotice() {
  const auth = useSnapshot(authStore);
  const to = useLocalePath();
  if (!auth.userInfo || remainingFlow(auth) > 0) return null;
  return (
    <Alert.Root status="warning" data-testid="no-flow-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="shared.noFlow.title" />
        </Alert.Title>
        <Alert.Description>
          <FormattedMessage id="shared.noFlow.description" />
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="brand" alignSelf="center">
        <Link to={to('/admin/dynamic/buy')}>
          <FormattedMessage id="shared.noFlow.recharge" />
        </Link>
      </Button>
    </Alert.Root>
  );
}
