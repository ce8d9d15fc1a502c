import { Portal, Spinner, Stack, Toast, Toaster } from '@portal/shared/chakra';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { messageToaster, notificationToaster, toasterMounted } from '@portal/shared/ui';

// Ark's screen-reader labels default to English ("Notifications, top-end (alt+T)", "Dismiss
// notification"): each region and close button is named in the page's language instead.
function Toasts({ toaster, labelId }: { toaster: typeof messageToaster; labelId: string }) {
  const intl = useIntl();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={intl.formatMessage({ id: labelId })}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            <Toast.CloseTrigger aria-label={intl.formatMessage({ id: 'toast.dismiss' })} />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

/**
 * Messages (one at a time, top) and notifications (stacked, top-end), rendered once the page is
 * committed. Each Toaster's state machine subscribes to its store with a `flushSync` update: started
 * while React hydrates the server's page in a transition, that update made React finish the whole
 * hydration synchronously, one 130–160 ms task at CPU ×4 (decision 0041). Toasts raised before then
 * wait in their store (and in `toasterMounted`'s queue).
 */
export function AppToasts() {
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  return committed ? <MountedToasts /> : null;
}

function MountedToasts() {
  useEffect(() => {
    // After the Toaster subscribed to its store, so waiting messages are shown.
    const timer = setTimeout(toasterMounted, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <Toasts toaster={messageToaster} labelId="toast.messages" />
      <Toasts toaster={notificationToaster} labelId="toast.notifications" />
    </>
  );
}
