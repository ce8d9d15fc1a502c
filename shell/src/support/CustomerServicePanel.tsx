import { Box, Button } from '@portal/shared/chakra';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { closeCustomerService, openCustomerService, uiStore } from '@portal/shared/browser';
import { deferred, useDeferred } from '../app/deferred.ts';

/** The drawer's code (and Chakra's drawer) loads on first use, or when the pointer or focus reaches the button. */
const loadDrawer = deferred(() => import('./CustomerServiceDrawer.tsx').then((m) => m.CustomerServiceDrawer));
const warmUp = () => void loadDrawer().catch(() => {});
const drawerFailed = (error: unknown) => {
  console.error('the customer-service panel could not be loaded', error);
  closeCustomerService();
};

/**
 * The customer-service panel (SPEC section 2): opens from every page (this button, or any page
 * calling openCustomerService), with channels and hours.
 */
export function CustomerServicePanel() {
  const intl = useIntl();
  const { customerServiceVisible } = useSnapshot(uiStore);
  const Drawer = useDeferred(loadDrawer, customerServiceVisible, drawerFailed);
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
        onPointerEnter={warmUp}
        onFocus={warmUp}
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
      {Drawer ? <Drawer open={customerServiceVisible} /> : null}
    </>
  );
}
