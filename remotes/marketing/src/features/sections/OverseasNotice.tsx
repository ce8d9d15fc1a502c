import { Alert, Container } from '@portal/shared/chakra';
import { FormattedMessage } from 'react-intl';
import { StaticDuringHydration } from '@portal/shared/ui';

/** SPEC section 1: the service is for overseas network environments only. */
export function OverseasNotice() {
  return (
    <StaticDuringHydration>
      <Container maxW="6xl" pb={{ base: 8, md: 12 }}>
        <Alert.Root status="warning" variant="subtle" data-testid="overseas-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id="marketing.notice.title" />
            </Alert.Title>
            <Alert.Description>
              <FormattedMessage id="marketing.notice.text" />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    </StaticDuringHydration>
  );
}
