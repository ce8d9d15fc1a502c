import { Container } from '@chakra-ui/react';
import { CertificationNotice, PlaceholderPage } from '@portal/shared/ui';

/** A page a later release fills in; pages that use the proxy service already show the policy notice. */
export function PlannedPage({ messageKey, usesProxy = false }: { messageKey: string; usesProxy?: boolean }) {
  return (
    <>
      {usesProxy ? (
        <Container maxW="4xl" pt={{ base: 6, md: 10 }}>
          <CertificationNotice />
        </Container>
      ) : null}
      <PlaceholderPage titleId={`${messageKey}.title`} descriptionId={`${messageKey}.description`} />
    </>
  );
}
