import { Field, NativeSelect } from '@portal/shared/chakra/deferred';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A labelled native select of the generator form; the options are its children. */
export function SelectField({
  labelId,
  value,
  onChange,
  testId,
  invalid = false,
  disabled = false,
  busy = false,
  helper,
  error,
  children,
}: {
  labelId: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  invalid?: boolean;
  disabled?: boolean;
  /** Its options are still loading: not selectable yet, but not greyed out as a field. */
  busy?: boolean;
  /** A hint under the field, replaced by the error when there is one. */
  helper?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={invalid} disabled={disabled}>
      <Field.Label>
        <FormattedMessage id={labelId} />
      </Field.Label>
      <NativeSelect.Root disabled={disabled || busy}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? (
        <Field.ErrorText data-testid={`${testId}-error`}>{error}</Field.ErrorText>
      ) : helper ? (
        <Field.HelperText>{helper}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
