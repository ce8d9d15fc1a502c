import { Container, Stack } from '@chakra-ui/react';
import type { RemoteRoute } from '../remote/contract.ts';
import { CertificationNotice } from './CertificationNotice.tsx';
import { NoFlowNotice } from './NoFlowNotice.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

/**
 * The page of a route that a later release fills in: it states in both languages what it will be
 * (`<key>.title`, `<key>.description` in the remote's catalog). Pages that use the proxy service
 * already show the certification policy notice and, at zero traffic, 'No flow, please recharge first'.
 */
export const plannedPage =
  (key: string, usesProxy = false): RemoteRoute['page'] =>
  async () => ({
    default: () => (
      <>
        {usesProxy ? (
          <Container maxW="4xl" pt={{ base: 6, md: 10 }}>
            <Stack gap={4}>
              <NoFlowNotice />
              <CertificationNotice />
            </Stack>
          </Container>
        ) : null}
        <PlaceholderPage titleId={`${key}.title`} descriptionId={`${key}.description`} />
      </>
    ),
  });
