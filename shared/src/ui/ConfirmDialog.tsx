import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, CloseButton, Portal, Stack, Text } from './chakra.ts';
import { Dialog } from './chakra-deferred.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What happens if the member goes on, in a sentence or two. */
  children: ReactNode;
  confirmLabel: ReactNode;
  /** Red for what cannot be undone (removing, signing out), the brand colour otherwise. */
  destructive?: boolean;
  busy?: boolean;
  /** The refusal of the last attempt, said inside the dialog so the member can try again or cancel. */
  failure?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
  /** The confirm button's test id; `<testId>-confirm` by default. */
  confirmTestId?: string;
}

/**
 * "Are you sure?" before an action that is hard to take back: an alert dialog with the consequence,
 * Cancel first and the action last, closed by Escape, the close button or the backdrop.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const intl = useIntl();
  const { open, title, children, confirmLabel, destructive = false, busy = false, failure, onConfirm, onCancel, testId } = props;
  const confirmTestId = props.confirmTestId ?? (testId ? `${testId}-confirm` : undefined);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? null : onCancel())} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} mx={3}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                <Text>{children}</Text>
                {failure ? (
                  <Text color="fg.error" fontSize="sm" role="alert">
                    {failure}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                <FormattedMessage id="shared.confirm.cancel" />
              </Button>
              <Button colorPalette={destructive ? 'red' : 'brand'} loading={busy} onClick={onConfirm} data-testid={confirmTestId}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'shared.confirm.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
