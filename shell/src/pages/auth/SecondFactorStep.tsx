import { Button, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { secondFactorCode, TwoFactorErrorCode } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { z } from 'zod';
import { errorOf } from '../../forms/fieldError.ts';
import { loginWithSecondFactor } from '../../session/session.ts';

const schema = z.object({ code: secondFactorCode });
type CodeForm = z.input<typeof schema>;

/**
 * The login's second step (decision 0056): the 6-digit code of the authenticator app, or one of the
 * recovery codes, in one field. An expired challenge sends the visitor back to the password.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onFailure,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => void;
  onFailure: (message: string | null) => void;
  onRestart: () => void;
}) {
  const intl = useIntl();
  const { register, handleSubmit, formState } = useForm<CodeForm>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async ({ code }) => {
    onFailure(null);
    try {
      await loginWithSecondFactor(challenge, code);
      onSignedIn();
    } catch (e) {
      if (!(e instanceof ApiError && e.kind === 'business')) return;
      onFailure(e.message);
      if (e.code === TwoFactorErrorCode.ChallengeExpired) onRestart();
    }
  });
  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid="second-factor-step">
      <Stack gap={5}>
        <Text>
          <FormattedMessage id="login.secondFactor.intro" />
        </Text>
        <Field.Root invalid={!!formState.errors.code} required>
          <Field.Label>
            <FormattedMessage id="login.secondFactor.code" />
          </Field.Label>
          <Input type="text" inputMode="text" autoComplete="one-time-code" autoFocus {...register('code')} />
          {formState.errors.code ? (
            <Field.ErrorText>{errorOf(intl, formState.errors, 'code')}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              <FormattedMessage id="login.secondFactor.hint" />
            </Field.HelperText>
          )}
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={formState.isSubmitting}>
          <FormattedMessage id="login.secondFactor.submit" />
        </Button>
        <Button type="button" variant="ghost" onClick={onRestart}>
          <FormattedMessage id="login.secondFactor.back" />
        </Button>
      </Stack>
    </form>
  );
}
