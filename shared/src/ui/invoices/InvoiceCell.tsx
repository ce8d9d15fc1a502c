import { Badge, Button, HStack, Spinner, Stack, Text } from '../chakra.ts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { INVOICE_DOWNLOAD_PATH, type Invoice, type InvoiceStatus } from '../../contract/index.ts';
import { downloadBlob } from '../../format/download.ts';
import { ApiError, fetchFile } from '../../http/client.ts';
import { useTeamCan } from '../RoleGate.tsx';
import { message } from '../toaster.ts';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import type { InvoiceableOrder, useOrderInvoices } from './useOrderInvoices.ts';

const STATUS_COLOR: Record<InvoiceStatus, string> = { requested: 'orange', issued: 'green', refused: 'red' };

/**
 * The invoice column of one order (recharge or static IP): request it, its status, the refusal
 * reason, the PDF once issued.
 */
export function InvoiceCell({ order, invoices }: { order: InvoiceableOrder; invoices: ReturnType<typeof useOrderInvoices> }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const canRequest = useTeamCan('invoices');
  if (!order.paid) return <Text as="span">—</Text>;
  if (invoices.isPending) return <Spinner size="xs" aria-label={intl.formatMessage({ id: 'shared.invoice.loading' })} />;
  if (invoices.isError)
    return (
      <HStack gap={1}>
        <Text as="span" fontSize="xs" color="fg.error">
          <FormattedMessage id="shared.invoice.loadFailed" />
        </Text>
        <Button size="2xs" variant="ghost" onClick={() => void invoices.refetch()}>
          <FormattedMessage id="shared.invoice.retry" />
        </Button>
      </HStack>
    );
  const invoice = invoices.data.get(order.id);
  // A role without invoices (decision 0054) sees the status and downloads, never the request button.
  const request = (labelId: string) =>
    canRequest ? (
      <>
        <Button size="xs" variant="outline" onClick={() => setOpen(true)} data-testid="invoice-request">
          <FormattedMessage id={labelId} />
        </Button>
        <InvoiceDialog order={order} open={open} onClose={() => setOpen(false)} />
      </>
    ) : null;
  if (!invoice) return request('shared.invoice.request') ?? <Text as="span">—</Text>;
  return (
    <Stack gap={1} align="start" data-testid="invoice-cell" data-invoice-status={invoice.status}>
      <HStack gap={2}>
        <Badge colorPalette={STATUS_COLOR[invoice.status]} data-testid="invoice-status">
          <FormattedMessage id={`shared.invoice.status.${invoice.status}`} />
        </Badge>
        {invoice.status === 'issued' ? <DownloadButton invoice={invoice} orderNo={order.orderNo} /> : null}
      </HStack>
      {invoice.status === 'refused' ? (
        <>
          <Text fontSize="xs" color="fg.muted" maxW="12rem" whiteSpace="normal" data-testid="invoice-refusal">
            <FormattedMessage id="shared.invoice.refusedBecause" values={{ reason: invoice.refusalReason ?? '' }} />
          </Text>
          {request('shared.invoice.requestAgain')}
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
          : intl.formatMessage({ id: 'shared.invoice.downloadFailed' }),
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
      aria-label={intl.formatMessage({ id: 'shared.invoice.download' }, { orderNo })}
      data-testid="invoice-download"
    >
      <FormattedMessage id="shared.invoice.downloadShort" />
    </Button>
  );
}
