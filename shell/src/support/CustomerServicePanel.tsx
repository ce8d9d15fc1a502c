import { Box, Button, CloseButton, Drawer, Portal, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { closeCustomerService, openCustomerService, uiStore } from '@portal/shared';
import { ContactList } from '@portal/shared/ui';
import { useLocalized, useSubstation } from './useSubstation.ts';

/** The customer-service panel (SPEC section 2): opens from every page, channels and hours. */
export function CustomerServicePanel() {
  const intl = useIntl();
  const { customerServiceVisible } = useSnapshot(uiStore);
  const site = useSubstation();
  const localized = useLocalized();
  return (
    <>
      <Button
        position="fixed"
        right={{ base: 3, md: 6 }}
        bottom={{ base: 3, md: 6 }}
        zIndex="docked"
        colorPalette="brand"
        borderRadius="full"
        shadow="lg"
        size={{ base: 'md', md: 'lg' }}
        onClick={openCustomerService}
        aria-label={intl.formatMessage({ id: 'cs.open' })}
        aria-haspopup="dialog"
        aria-expanded={customerServiceVisible}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        <Box as="span" display={{ base: 'none', sm: 'inline' }}>
          <FormattedMessage id="cs.open" />
        </Box>
      </Button>
      <Drawer.Root
        open={customerServiceVisible}
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
    </>
  );
}
