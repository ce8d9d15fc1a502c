import { Portal, Spinner, Stack, Toast, Toaster } from '@portal/shared/chakra';
import { useEffect } from 'react';
import { messageToaster, notificationToaster, toasterMounted } from '@portal/shared/ui';

function Toasts({ toaster }: { toaster: typeof messageToaster }) {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

/** Messages (one at a time, top) and notifications (stacked, top-end). */
export function AppToasts() {
  useEffect(() => {
    // After the Toaster subscribed to its store, so waiting messages are shown.
    const timer = setTimeout(toasterMounted, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <Toasts toaster={messageToaster} />
      <Toasts toaster={notificationToaster} />
    </>
  );
}
