import { Badge, Button, HStack, Spinner, Stack, Text } from '@portal/shared/chakra';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { INVOICE_DOWNLOAD_PATH, type Invoice, type InvoiceStatus, PayStatus, type RechargeOrder } from '@portal/shared';
import { ApiError, downloadBlob, fetchFile } from '@portal/shared/browser';
import { message } from '@portal/shared/ui';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import type { useOrderInvoices } from './useInvoices.ts';

const STATUS_COLOR: Record<InvoiceStatus, string> = { requested: 'orange', issued: 'green', refused: 'red' };

/** The invoice column of one order: request it, its status, the refusal reason, the PDF once issued. */
export function InvoiceCell({ order, invoices }: { order: RechargeOrder; invoices: ReturnType<typeof useOrderInvoices> }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (order.payStatus !== PayStatus.Paid) return <Text as="span">—</Text>;
  if (invoices.isPending) return <Spinner size="xs" aria-label={intl.formatMessage({ id: 'uc.invoice.loading' })} />;
  if (invoices.isError)
    return (
      <HStack gap={1}>
        <Text as="span" fontSize="xs" color="fg.error">
          <FormattedMessage id="uc.invoice.loadFailed" />
        </Text>
        <Button size="2xs" variant="ghost" onClick={() => void invoices.refetch()}>
          <FormattedMessage id="uc.invoice.retry" />
        </Button>
      </HStack>
    );
  const invoice = invoices.data.get(order.id);
  const request = (labelId: string) => (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="invoice-request">
        <FormattedMessage id={labelId} />
      </Button>
      <InvoiceDialog order={order} open={open} onClose={() => setOpen(false)} />
    </>
  );
  if (!invoice) return request('uc.invoice.request');
  return (
    <Stack gap={1} align="start" data-testid="invoice-cell" data-invoice-status={invoice.status}>
      <HStack gap={2}>
        <Badge colorPalette={STATUS_COLOR[invoice.status]} data-testid="invoice-status">
          <FormattedMessage id={`uc.invoice.status.${invoice.status}`} />
        </Badge>
        {invoice.status === 'issued' ? <DownloadButton invoice={invoice} orderNo={order.orderNo} /> : null}
      </HStack>
      {invoice.status === 'refused' ? (
        <>
          <Text fontSize="xs" color="fg.muted" maxW="12rem" whiteSpace="normal" data-testid="invoice-refusal">
            <FormattedMessage id="uc.invoice.refusedBecause" values={{ reason: invoice.refusalReason ?? '' }} />
          </Text>
          {request('uc.invoice.requestAgain')}
        </>
      ) : null}
    </Stack>
  );
}

function DownloadButton({ invoice, orderNo }: { invoice: Invoice; orderNo: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const pdf = await fetchFile(`${INVOICE_DOWNLOAD_PATH}?id=${invoice.id}`, { silent: true });
      downloadBlob(`invoice-${orderNo}.pdf`, pdf);
    } catch (e) {
      message(
        'error',
        e instanceof ApiError && e.kind === 'business' && e.message
          ? e.message
          : intl.formatMessage({ id: 'uc.invoice.downloadFailed' }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="outline"
      loading={busy}
      onClick={() => void download()}
      aria-label={intl.formatMessage({ id: 'uc.invoice.download' }, { orderNo })}
      data-testid="invoice-download"
    >
      <FormattedMessage id="uc.invoice.downloadShort" />
    </Button>
  );
}
