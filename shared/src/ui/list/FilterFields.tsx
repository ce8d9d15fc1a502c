import { FormattedMessage, useIntl } from 'react-intl';
import { Field, Input, NativeSelect } from '../chakra-deferred.ts';

/** A labelled native select of a list filter; '' is "All". */
export function FilterSelect({
  labelId,
  value,
  options,
  onChange,
  testId,
}: {
  labelId: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  testId?: string;
}) {
  const intl = useIntl();
  return (
    <Field.Root w={{ base: 'full', sm: '44' }}>
      <Field.Label fontSize="sm">
        <FormattedMessage id={labelId} />
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field data-testid={testId} value={value} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{intl.formatMessage({ id: 'shared.list.all' })}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Two `<input type="date">`, inclusive, each limited by the other. */
export function DateRangeFields({
  from,
  to,
  onChange,
  fromLabelId,
  toLabelId,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
  fromLabelId: string;
  toLabelId: string;
}) {
  return (
    <>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label fontSize="sm">
          <FormattedMessage id={fromLabelId} />
        </Field.Label>
        <Input
          type="date"
          size="sm"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value || null })}
        />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label fontSize="sm">
          <FormattedMessage id={toLabelId} />
        </Field.Label>
        <Input
          type="date"
          size="sm"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ to: e.target.value || null })}
        />
      </Field.Root>
    </>
  );
}
