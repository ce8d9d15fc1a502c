import { Box, Button } from '@portal/shared/chakra';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { closeCustomerService, openCustomerService, PRIMARY_ACTION_ATTRIBUTE, uiStore } from '@portal/shared/browser';
import { deferred, useDeferred } from '../app/deferred.ts';
import { liftClearOf } from './clearOfActions.ts';

/** The drawer's code (and Chakra's drawer) loads on first use, or when the pointer or focus reaches the button. */
const loadDrawer = deferred(() => import('./CustomerServiceDrawer.tsx').then((m) => m.CustomerServiceDrawer));
const warmUp = () => void loadDrawer().catch(() => {});
const drawerFailed = (error: unknown) => {
  console.error('the customer-service panel could not be loaded', error);
  closeCustomerService();
};

/**
 * How far the floating button moves up to keep clear of the page's primary actions (a sticky
 * "Buy now" on a phone, a summary card's button at the bottom of a laptop screen), followed on
 * scroll, resize and page changes, at most once a frame.
 */
function useLiftClearOfActions(button: RefObject<HTMLElement | null>) {
  const [lift, setLift] = useState(0);
  const current = useRef(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = button.current;
      if (!el) return;
      // Where the button rests: a fixed element's offsets are viewport ones that ignore its transform.
      const home = {
        top: el.offsetTop,
        bottom: el.offsetTop + el.offsetHeight,
        left: el.offsetLeft,
        right: el.offsetLeft + el.offsetWidth,
      };
      const actions = [...document.querySelectorAll(`[${PRIMARY_ACTION_ATTRIBUTE}]`)]
        .map((a) => a.getBoundingClientRect())
        .filter((a) => a.width > 0 && a.height > 0);
      const next = liftClearOf(home, actions);
      if (next !== current.current) {
        current.current = next;
        setLift(next);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule, { passive: true });
    // Pages load their content (and their buttons) after the shell: follow what gets added.
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [button]);
  return lift;
}

/**
 * The customer-service panel (SPEC section 2): opens from every page (this button, or any page
 * calling openCustomerService), with channels and hours.
 */
export function CustomerServicePanel() {
  const intl = useIntl();
  const { customerServiceVisible } = useSnapshot(uiStore);
  const Drawer = useDeferred(loadDrawer, customerServiceVisible, drawerFailed);
  const button = useRef<HTMLButtonElement>(null);
  const lift = useLiftClearOfActions(button);
  return (
    <>
      {/* Phones and tablets: a round button in the bottom corner, lifted over any primary action
          under it. From lg: a tab on the right edge, half-way down, inside the 32 px the pages'
          containers leave free there, so no summary card's "Buy now" is ever under it. */}
      <Button
        ref={button}
        data-testid="customer-service-button"
        style={lift ? { transform: `translateY(-${lift}px)` } : undefined}
        transition="transform 0.15s ease-out"
        position="fixed"
        right={{ base: 3, md: 6, lg: 0 }}
        bottom={{ base: 3, md: 6, lg: 'auto' }}
        top={{ lg: '45%' }}
        zIndex="docked"
        colorPalette="brand"
        borderRadius={{ base: 'full', lg: 'l2' }}
        borderEndRadius={{ lg: 0 }}
        shadow="lg"
        size={{ base: 'md', md: 'lg', lg: 'sm' }}
        h={{ lg: 'auto' }}
        w={{ lg: 8 }}
        minW={{ lg: 0 }}
        // Logical paddings: in vertical writing the inline axis (px) runs top to bottom.
        px={{ lg: 3 }}
        py={{ lg: 0 }}
        gap={{ lg: 1.5 }}
        css={{ writingMode: { lg: 'vertical-rl' } }}
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
