import { Box, Button } from '../chakra.ts';
import { ActionFailure } from '../commerce/Alerts.tsx';
import { Dialog, Field, Input } from '../chakra-deferred.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { api, type ordinaryInvoiceBody, type vatSpecialInvoiceBody } from '../../contract/index.ts';
import { callApi } from '../../http/client.ts';
import { applyServerError, fieldMessage } from '../fieldMessage.ts';
import { invoicesKey } from './useOrderInvoices.ts';

// The pieces both invoice forms are made of: the submit (with the server's field errors), the footer
// with its failure and buttons, and a text field.
/** Sends the request; field errors of the server land on their fields, anything else above the buttons. */
export function useSubmit<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, onDone: () => void) {
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

export function Footer({ failure, submitting, onCancel }: { failure: string | null; submitting: boolean; onCancel: () => void }) {
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

export type TextFieldProps = {
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

export function TextField({
  form,
  name,
  labelId,
  required = true,
  hintId,
  hintValues,
  testId,
  maxLength,
  inputMode,
}: TextFieldProps) {
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
