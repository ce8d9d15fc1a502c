import { Alert, Box, Button, CloseButton, DataList, HStack, Portal, Spinner, Stack, Text } from '../chakra.ts';
import { ActionFailure } from '../commerce/Alerts.tsx';
import { Dialog, Field, Input, RadioGroup } from '../chakra-deferred.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../router.ts';
import type { z } from 'zod';
import { formatFen } from '../../commerce/pricing.ts';
import {
  api,
  IdentificationStatus,
  type InvoiceTitleType,
  type InvoiceType,
  invoiceTypeFor,
  ordinaryInvoiceBody,
  staticInvoiceTypeFor,
  vatSpecialInvoiceBody,
} from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';
import { QueryFailure } from '../commerce/QueryFailure.tsx';
import { applyServerError, fieldMessage } from '../fieldMessage.ts';
import { useLocalePath } from '../useLocalePath.ts';
import { type InvoiceableOrder, invoicesKey } from './useOrderInvoices.ts';

/**
 * The user's personal and enterprise certifications, which prefill the invoice (and, for a static
 * order, decide its type). The same query keys as the certification pages, so they share the cache.
 */
function useCertifications() {
  const personal = useQuery({ queryKey: ['cert', 'personal'], queryFn: () => callApi(api.personalCertGet) });
  const enterprise = useQuery({ queryKey: ['cert', 'enterprise'], queryFn: () => callApi(api.enterpriseCertGet) });
  return {
    loading: personal.isLoading || enterprise.isLoading,
    failed: personal.isError || enterprise.isError,
    retry: () => {
      for (const q of [personal, enterprise]) if (q.isError) void q.refetch();
    },
    personal: personal.data ?? null,
    enterprise: enterprise.data ?? null,
  };
}

type Certification = ReturnType<typeof useCertifications>;

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

/** Sends the request; field errors of the server land on their fields, anything else above the buttons. */
function useSubmit<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, onDone: () => void) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (body: z.output<typeof vatSpecialInvoiceBody> | z.output<typeof ordinaryInvoiceBody>) => {
    setFailure(null);
    try {
      await callApi(api.invoiceRequest, { body }, { silent: true });
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
      onDone();
    } catch (e) {
      const other = applyServerError(e, (name, msg) => form.setError(name as never, { message: msg }));
      if (other) setFailure(other);
      else if (!Object.keys(form.formState.errors).length) setFailure(intl.formatMessage({ id: 'shared.invoice.failed' }));
    }
  };
  return { failure, submit };
}

function Footer({ failure, submitting, onCancel }: { failure: string | null; submitting: boolean; onCancel: () => void }) {
  return (
    <>
      {failure ? (
        <Box px={6}>
          <ActionFailure message={failure} testId="invoice-error" size="sm" />
        </Box>
      ) : null}
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          <FormattedMessage id="shared.invoice.cancel" />
        </Button>
        <Button type="submit" colorPalette="brand" loading={submitting} data-testid="invoice-submit">
          <FormattedMessage id="shared.invoice.submit" />
        </Button>
      </Dialog.Footer>
    </>
  );
}

type TextFieldProps = {
  form: UseFormReturn<never, unknown, unknown>;
  name: string;
  labelId: string;
  required?: boolean;
  hintId?: string;
  hintValues?: Record<string, string>;
  testId: string;
  maxLength: number;
  inputMode?: 'numeric' | 'tel' | 'text';
};

function TextField({ form, name, labelId, required = true, hintId, hintValues, testId, maxLength, inputMode }: TextFieldProps) {
  const intl = useIntl();
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>)[name];
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        <FormattedMessage id={labelId} />
        <Field.RequiredIndicator />
      </Field.Label>
      <Input maxLength={maxLength} inputMode={inputMode} data-testid={testId} {...form.register(name as never)} />
      {hintId ? (
        <Field.HelperText>
          <FormattedMessage id={hintId} values={hintValues} />
        </Field.HelperText>
      ) : null}
      <Field.ErrorText>{fieldMessage(intl, error?.message)}</Field.ErrorText>
    </Field.Root>
  );
}

type VatInput = z.input<typeof vatSpecialInvoiceBody>;
type VatOutput = z.output<typeof vatSpecialInvoiceBody>;

function VatSpecialForm({ order, cert, onDone }: { order: InvoiceableOrder; cert: Certification; onDone: () => void }) {
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

type OrdinaryInput = z.input<typeof ordinaryInvoiceBody>;
type OrdinaryOutput = z.output<typeof ordinaryInvoiceBody>;

function OrdinaryForm({ order, cert, onDone }: { order: InvoiceableOrder; cert: Certification; onDone: () => void }) {
  const person = cert.personal?.status === IdentificationStatus.Success ? cert.personal.realName : '';
  const company = cert.enterprise?.status === IdentificationStatus.Success ? cert.enterprise : null;
  const prefill = (titleType: InvoiceTitleType) =>
    titleType === 'company'
      ? { title: company?.companyName ?? '', taxNumber: company?.unifiedSocialCreditCode ?? '' }
      : { title: person, taxNumber: '' };
  const form = useForm<OrdinaryInput, unknown, OrdinaryOutput>({
    resolver: zodResolver(ordinaryInvoiceBody),
    defaultValues: { type: 'ordinary', orderKind: order.kind, orderId: order.id, titleType: 'personal', ...prefill('personal') },
  });
  const { failure, submit } = useSubmit(form, onDone);
  const titleType = form.watch('titleType');
  const anyForm = form as unknown as UseFormReturn<never, unknown, unknown>;
  return (
    <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
      <Dialog.Body>
        <Stack gap={4}>
          <Controller
            control={form.control}
            name="titleType"
            render={({ field }) => (
              <Box>
                <Text fontWeight="medium" fontSize="sm" mb={2} id="invoice-title-type-label">
                  <FormattedMessage id="shared.invoice.titleType" />
                </Text>
                <RadioGroup.Root
                  value={field.value}
                  onValueChange={(d) => {
                    const next = d.value as InvoiceTitleType;
                    field.onChange(next);
                    const values = prefill(next);
                    form.setValue('title', values.title);
                    form.setValue('taxNumber', values.taxNumber);
                    form.clearErrors();
                  }}
                  aria-labelledby="invoice-title-type-label"
                  colorPalette="brand"
                >
                  <HStack gap={6}>
                    {(['personal', 'company'] as const).map((value) => (
                      <RadioGroup.Item key={value} value={value} data-testid={`invoice-title-type-${value}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          <FormattedMessage id={`shared.invoice.titleType.${value}`} />
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              </Box>
            )}
          />
          <TextField
            form={anyForm}
            name="title"
            labelId={titleType === 'company' ? 'shared.invoice.name.company' : 'shared.invoice.name.personal'}
            testId="invoice-title"
            maxLength={100}
          />
          <TextField
            form={anyForm}
            name="taxNumber"
            labelId="shared.invoice.taxNumber"
            required={titleType === 'company'}
            hintId={titleType === 'company' ? 'shared.invoice.taxNumberHint.company' : 'shared.invoice.taxNumberHint.personal'}
            testId="invoice-tax-number"
            maxLength={20}
          />
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="shared.invoice.electronicHint" />
          </Text>
        </Stack>
      </Dialog.Body>
      <Footer failure={failure} submitting={form.formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}
