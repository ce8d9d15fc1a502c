import { CloseButton, HStack, Portal, Spinner, Stack, Text } from '../chakra.ts';
import { Dialog } from '../chakra-deferred.ts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFen } from '../../commerce/pricing.ts';
import { IdentificationStatus, type InvoiceType, invoiceTypeFor, staticInvoiceTypeFor } from '../../contract/index.ts';
import { QueryFailure } from '../commerce/QueryFailure.tsx';
import type { InvoiceableOrder } from './useOrderInvoices.ts';

import { type Certification, useCertifications } from './certifications.ts';
import { OrdinaryForm } from './OrdinaryInvoiceForm.tsx';
import { VatSpecialForm } from './VatSpecialInvoiceForm.tsx';

/** The invoice an order comes with: a recharge order's account type, or for a static order the certification. */
function invoiceTypeOf(order: InvoiceableOrder, cert: Certification): InvoiceType {
  if (order.kind === 'static') return staticInvoiceTypeFor(cert.enterprise?.status === IdentificationStatus.Success);
  return invoiceTypeFor(order.accountType);
}

/**
 * Requesting the invoice of a paid order: a VAT special invoice for an enterprise recharge order or
 * a certified company's static order (to the certified company: name and credit code shown, not
 * typed), an ordinary electronic one otherwise. Prefilled from the user's certifications.
 */
export function InvoiceDialog({ order, open, onClose }: { order: InvoiceableOrder; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? null : onClose())} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="invoice-dialog" mx={3}>
            {open ? <DialogBody order={order} onClose={onClose} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'shared.invoice.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DialogBody({ order, onClose }: { order: InvoiceableOrder; onClose: () => void }) {
  const intl = useIntl();
  const cert = useCertifications();
  const type = invoiceTypeOf(order, cert);
  let body: ReactNode;
  if (cert.loading) {
    body = (
      <HStack py={6} justify="center" data-testid="invoice-dialog-loading">
        <Spinner size="sm" />
        <Text>
          <FormattedMessage id="shared.invoice.loading" />
        </Text>
      </HStack>
    );
  } else if (cert.failed) {
    body = <QueryFailure onRetry={cert.retry} />;
  } else if (type === 'vat_special') {
    body = <VatSpecialForm order={order} cert={cert} onDone={onClose} />;
  } else {
    body = <OrdinaryForm order={order} cert={cert} onDone={onClose} />;
  }
  return (
    <>
      {/* Room for the close button on the right. */}
      <Dialog.Header pe={12}>
        <Stack gap={1}>
          <Dialog.Title>
            <FormattedMessage id={`shared.invoice.title.${type}`} />
          </Dialog.Title>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage
              id="shared.invoice.forOrder"
              values={{ orderNo: order.orderNo, amount: formatFen(order.amountFen, intl.locale) }}
            />
          </Text>
        </Stack>
      </Dialog.Header>
      {body}
    </>
  );
}
