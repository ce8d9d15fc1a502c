import { Alert, Button } from './chakra.ts';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { authStore, isCertified } from '../state/auth.ts';
import { useLocalePath } from './useLocalePath.ts';

/**
 * On pages that use the proxy service: policy requires real-name certification first (SPEC
 * section 5). It informs and links; it never blocks buying.
 */
export function CertificationNotice() {
  const auth = useSnapshot(authStore);
  const to = useLocalePath();
  if (!auth.userInfo || isCertified(auth)) return null;
  return (
    <Alert.Root status="warning" data-testid="certification-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="shared.cert.required" />
        </Alert.Title>
        <Alert.Description>
          <FormattedMessage id="shared.cert.notBlocking" />
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" colorPalette="brand" alignSelf="center">
        <Link to={to('/admin/auth')}>
          <FormattedMessage id="shared.cert.go" />
        </Link>
      </Button>
    </Alert.Root>
  );
}
