import { Field, Input } from '@portal/shared/chakra/deferred';
import type { UseFormReturn } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorOf } from '../../forms/fieldError.ts';

type PasswordForm = { password: string; confirm: string };

/** New password and its confirmation, with the rule stated up front. */
export function PasswordFields<T extends PasswordForm>({
  form,
  labelId = 'form.password',
}: {
  form: UseFormReturn<T>;
  labelId?: string;
}) {
  const intl = useIntl();
  const f = form as unknown as UseFormReturn<PasswordForm>;
  const { errors } = f.formState;
  return (
    <>
      <Field.Root invalid={!!errors.password} required>
        <Field.Label>
          <FormattedMessage id={labelId} />
        </Field.Label>
        <Input type="password" autoComplete="new-password" {...f.register('password')} />
        {errors.password ? (
          <Field.ErrorText>{errorOf(intl, errors, 'password')}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            <FormattedMessage id="form.passwordHint" />
          </Field.HelperText>
        )}
      </Field.Root>
      <Field.Root invalid={!!errors.confirm} required>
        <Field.Label>
          <FormattedMessage id="form.confirmPassword" />
        </Field.Label>
        <Input type="password" autoComplete="new-password" {...f.register('confirm')} />
        <Field.ErrorText>{errorOf(intl, errors, 'confirm')}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
