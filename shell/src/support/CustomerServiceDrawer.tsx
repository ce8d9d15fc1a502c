import { Box, CloseButton, Portal, Stack, Text } from '@portal/shared/chakra';
import { Drawer } from '@portal/shared/chakra/deferred';
import { FormattedMessage, useIntl } from 'react-intl';
import { closeCustomerService, openCustomerService } from '@portal/shared/browser';
import { ContactList } from '@portal/shared/ui';
import { useLocalized, useSubstation } from './useSubstation.ts';

/** The panel itself: channels and hours (loaded the first time someone opens it). */
export function CustomerServiceDrawer({ open }: { open: boolean }) {
  const intl = useIntl();
  const site = useSubstation();
  const localized = useLocalized();
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => (e.open ? openCustomerService() : closeCustomerService())}
      size={{ base: 'full', sm: 'sm' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>
                <FormattedMessage id="cs.title" />
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap={5}>
                <Box borderWidth="1px" borderRadius="lg" p={4} bg="brand.subtle">
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage id="cs.hours" />
                  </Text>
                  <Text fontSize="xl" fontWeight="bold">
                    {site ? localized(site.serviceHours) : '24/7'}
                  </Text>
                  <Text fontSize="sm" mt={1}>
                    <FormattedMessage id="cs.response" />
                  </Text>
                </Box>
                <Box>
                  <Text fontWeight="semibold" mb={2}>
                    <FormattedMessage id="cs.channels" />
                  </Text>
                  {site ? <ContactList contacts={site.contacts} /> : null}
                </Box>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'cs.close' })} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
