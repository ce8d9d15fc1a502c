import { Box, HStack, Stack, Text } from '../chakra.ts';
import { Dialog, RadioGroup } from '../chakra-deferred.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import type { z } from 'zod';
import { IdentificationStatus, type InvoiceTitleType, ordinaryInvoiceBody } from '../../contract/index.ts';
import type { InvoiceableOrder } from './useOrderInvoices.ts';

import type { Certification } from './certifications.ts';
import { Footer, TextField, useSubmit } from './form-parts.tsx';

type OrdinaryInput = z.input<typeof ordinaryInvoiceBody>;
type OrdinaryOutput = z.output<typeof ordinaryInvoiceBody>;

export function OrdinaryForm({ order, cert, onDone }: { order: InvoiceableOrder; cert: Certification; onDone: () => void }) {
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
