import { Alert, Button, DataList, Stack, Text } from '../chakra.ts';
import { Dialog } from '../chakra-deferred.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { Link } from '../router.ts';
import type { z } from 'zod';
import { IdentificationStatus, vatSpecialInvoiceBody } from '../../contract/index.ts';
import { useLocalePath } from '../useLocalePath.ts';
import type { InvoiceableOrder } from './useOrderInvoices.ts';

import type { Certification } from './certifications.ts';
import { Footer, TextField, useSubmit } from './form-parts.tsx';

type VatInput = z.input<typeof vatSpecialInvoiceBody>;
type VatOutput = z.output<typeof vatSpecialInvoiceBody>;

export function VatSpecialForm({ order, cert, onDone }: { order: InvoiceableOrder; cert: Certification; onDone: () => void }) {
  const to = useLocalePath();
  const company = cert.enterprise?.status === IdentificationStatus.Success ? cert.enterprise : null;
  const form = useForm<VatInput, unknown, VatOutput>({
    resolver: zodResolver(vatSpecialInvoiceBody),
    defaultValues: {
      type: 'vat_special',
      orderKind: order.kind,
      orderId: order.id,
      taxAddress: company?.registrationAddress ?? '',
      taxPhone: company?.registrationPhone ?? '',
      bankName: company?.bankName ?? '',
      bankAccount: '',
    },
  });
  const { failure, submit } = useSubmit(form, onDone);
  if (!company) {
    return (
      <>
        <Dialog.Body>
          <Alert.Root status="info" data-testid="invoice-needs-certification">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <FormattedMessage id="shared.invoice.needsCertification.title" />
              </Alert.Title>
              <Alert.Description>
                <FormattedMessage id="shared.invoice.needsCertification.description" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onDone}>
            <FormattedMessage id="shared.invoice.cancel" />
          </Button>
          <Button asChild colorPalette="brand">
            <Link to={to('/admin/auth/company')}>
              <FormattedMessage id="shared.invoice.needsCertification.action" />
            </Link>
          </Button>
        </Dialog.Footer>
      </>
    );
  }
  const anyForm = form as unknown as UseFormReturn<never, unknown, unknown>;
  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Dialog.Body>
        <Stack gap={4}>
          <DataList.Root orientation="horizontal" size="sm" data-testid="invoice-company">
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="shared.invoice.companyName" />
              </DataList.ItemLabel>
              <DataList.ItemValue>{company.companyName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <FormattedMessage id="shared.invoice.uscc" />
              </DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono">{company.unifiedSocialCreditCode}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="shared.invoice.companyHint" />
          </Text>
          <TextField
            form={anyForm}
            name="taxAddress"
            labelId="shared.invoice.taxAddress"
            testId="invoice-tax-address"
            maxLength={200}
          />
          <TextField
            form={anyForm}
            name="taxPhone"
            labelId="shared.invoice.taxPhone"
            testId="invoice-tax-phone"
            maxLength={20}
            inputMode="tel"
          />
          <TextField
            form={anyForm}
            name="bankName"
            labelId="shared.invoice.bankName"
            testId="invoice-bank-name"
            maxLength={100}
          />
          <TextField
            form={anyForm}
            name="bankAccount"
            labelId="shared.invoice.bankAccount"
            testId="invoice-bank-account"
            maxLength={40}
            inputMode="numeric"
            hintId="shared.invoice.bankAccountHint"
            hintValues={{ last4: company.bankAccount.slice(-4) }}
          />
        </Stack>
      </Dialog.Body>
      <Footer failure={failure} submitting={form.formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}
