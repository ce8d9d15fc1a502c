import { Button, Portal } from '@portal/shared/chakra';
import { Dialog } from '@portal/shared/chakra/deferred';
import { FormattedMessage } from 'react-intl';
import { type QrPayAction, QrPayPanel } from '@portal/shared/ui';
import { OrderDeadline } from './PayStep.tsx';

/** WeChat Native: the QR code to scan with WeChat; the page polls the status meanwhile. */
export function QrDialog({
  action,
  amount,
  deadline,
  onClose,
}: {
  action: QrPayAction | null;
  amount: string;
  deadline: number | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={action !== null} onOpenChange={(d) => (d.open ? null : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="qr-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="checkout.qr.title" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <QrPayPanel
                qr={action}
                amount={amount}
                deadline={deadline ? <OrderDeadline deadline={deadline} /> : null}
                waiting={<FormattedMessage id="checkout.qr.waiting" />}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="checkout.qr.other" />
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
