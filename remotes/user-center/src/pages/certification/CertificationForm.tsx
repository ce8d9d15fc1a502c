import { Button, Card, DataList, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { ActionFailure, RoleLimitNote, useTeamCan } from '@portal/shared/ui';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormattedDate, FormattedMessage } from 'react-intl';

/** The card every certification form sits in: what to send, why a sending failed, the fields, the button. */
export function CertificationForm({
  onSubmit,
  introId,
  failure,
  submitId,
  submitting,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Message id of the line above the fields. */
  introId: string;
  /** What the server refused that belongs to no field. */
  failure: string | null;
  /** Message id of the submit button. */
  submitId: string;
  submitting: boolean;
  children: ReactNode;
}) {
  // A role without certification (decision 0054) learns why there is no form, and who can send it.
  if (!useTeamCan('certification')) return <RoleLimitNote permission="certification" testId="certification-role-limit" />;
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap={4}>
            <Text color="fg.muted">
              <FormattedMessage id={introId} />
            </Text>
            <ActionFailure message={failure} />
            {children}
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={submitting}>
              <FormattedMessage id={submitId} />
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** A required text field of a certification form, its error under it. */
export function CertificationTextField({
  labelId,
  error,
  registration,
  ...input
}: {
  labelId: string;
  /** The field's error, already in the page's language. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
  maxLength?: number;
}) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>
        <FormattedMessage id={labelId} />
      </Field.Label>
      <Input {...input} {...registration} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The uploaded scan (licence or document): PNG, JPEG or PDF; the hint until there is an error. */
export function DocumentFileField({
  labelId,
  hintId,
  error,
  registration,
}: {
  labelId: string;
  hintId: string;
  /** The field's error, already in the page's language. */
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>
        <FormattedMessage id={labelId} />
      </Field.Label>
      <Input type="file" accept="image/png,image/jpeg,application/pdf" p={1.5} {...registration} />
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          <FormattedMessage id={hintId} />
        </Field.HelperText>
      )}
    </Field.Root>
  );
}

/** What was submitted for review, read-only, with when: label message ids and their values. */
export function SubmittedDetails({
  rows,
  submittedAt,
  orientation,
  valueWordBreak,
}: {
  rows: [labelId: string, value: ReactNode][];
  submittedAt: number;
  orientation: ComponentProps<typeof DataList.Root>['orientation'];
  valueWordBreak?: 'break-word';
}) {
  return (
    <Card.Root>
      <Card.Body>
        <DataList.Root orientation={orientation} gap={3}>
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="40">
                <FormattedMessage id={label} />
              </DataList.ItemLabel>
              <DataList.ItemValue wordBreak={valueWordBreak}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel minW="40">
              <FormattedMessage id="uc.certification.submittedAt" />
            </DataList.ItemLabel>
            <DataList.ItemValue>
              <FormattedDate value={submittedAt} dateStyle="medium" timeStyle="short" />
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
