import { Button, CloseButton, Portal, Stack, Text } from '@portal/shared/chakra';
import { Dialog } from '@portal/shared/chakra/deferred';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The frame of a static-IP dialog (pay, renew, exchange): centred, scrolling inside. Render the
 * body only while there is something to show, so that each opening starts from a fresh state.
 */
export function StaticDialog({
  open,
  onClose,
  testId,
  children,
  ...root
}: {
  open: boolean;
  onClose: () => void;
  testId: string;
  children: ReactNode;
} & Pick<Dialog.RootProps, 'closeOnInteractOutside'>) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? null : onClose())}
      placement="center"
      scrollBehavior="inside"
      {...root}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} mx={3}>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Title with a line under it, the body as a stack, the footer's buttons and the corner close button. */
export function DialogSections({
  title,
  subtitle,
  footer,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
        <Dialog.Title>{title}</Dialog.Title>
        {subtitle}
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>{children}</Stack>
      </Dialog.Body>
      <Dialog.Footer>{footer}</Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'static.action.close' })} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** "Cancel" and the dialog's action (`children` is its label). */
export function CancelOrConfirm({
  onCancel,
  onConfirm,
  busy,
  disabled,
  testId,
  children,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        <FormattedMessage id="static.action.cancel" />
      </Button>
      <Button colorPalette="brand" onClick={onConfirm} loading={busy} disabled={disabled} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}

/** A choice in a dialog under its label; the choice group names itself with `aria-labelledby={labelId}`. */
export function LabelledChoice({ label, labelId, children }: { label: string; labelId: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fontWeight="medium" id={labelId}>
        <FormattedMessage id={label} />
      </Text>
      {children}
    </Stack>
  );
}
