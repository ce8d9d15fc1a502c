import { Button, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { type SecondFactorChallenge, secondFactorCode, TwoFactorErrorCode } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { z } from 'zod';
import { errorOf } from '../../forms/fieldError.ts';
import { loginWithSecondFactor } from '../../session/session.ts';
import { PasskeyButton } from './PasskeyButton.tsx';

const schema = z.object({ code: secondFactorCode });
type CodeForm = z.input<typeof schema>;

/**
 * The login's second step (decisions 0056, 0057): a passkey when the member has one, and the 6-digit
 * code of the authenticator app, or one of the recovery codes, in one field when the app is on. An
 * expired challenge sends the visitor back to the password.
 */
export function SecondFactorStep({
  challenge,
  methods,
  onSignedIn,
  onFailure,
  onRestart,
}: {
  challenge: string;
  methods: SecondFactorChallenge['methods'];
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
  const passkey = methods.passkey ? (
    <PasskeyButton
      challenge={challenge}
      labelId="login.passkey.secondFactor"
      variant={methods.code ? 'outline' : 'solid'}
      onSignedIn={onSignedIn}
      onFailure={onFailure}
      onRestart={onRestart}
    />
  ) : null;
  const back = (
    <Button type="button" variant="ghost" onClick={onRestart}>
      <FormattedMessage id="login.secondFactor.back" />
    </Button>
  );
  if (!methods.code) {
    return (
      <Stack gap={5} data-testid="second-factor-step">
        <Text>
          <FormattedMessage id="login.secondFactor.passkeyIntro" />
        </Text>
        {passkey}
        {back}
      </Stack>
    );
  }
  return (
    <form method="post" onSubmit={onSubmit} noValidate data-testid="second-factor-step">
      <Stack gap={5}>
        <Text>
          <FormattedMessage id={methods.passkey ? 'login.secondFactor.introBoth' : 'login.secondFactor.intro'} />
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
        {passkey}
        {back}
      </Stack>
    </form>
  );
}
