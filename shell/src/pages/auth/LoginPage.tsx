import { Button, Link as ChakraLink, HStack, Separator, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { z } from 'zod';
import { AuthErrorCode, type CountryCode, defaultPhoneRegion, normalizeMobile, type SecondFactorChallenge } from '@portal/shared';
import { ApiError } from '@portal/shared/browser';
import { message, useLocalePath } from '@portal/shared/ui';
import { login } from '../../session/session.ts';
import { useCaptcha } from '../../captcha/CaptchaProvider.tsx';
import { AuthCard } from './AuthCard.tsx';
import { PasskeyButton } from './PasskeyButton.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';
import { errorOf } from '../../forms/fieldError.ts';
import { returnPathIn, returnPathOf, withReturnPath } from './destination.ts';

/** Where a number typed without `+` is read: 11 digits are the mainland's; otherwise the browser's region. */
const browserRegion = (locale: string): CountryCode =>
  defaultPhoneRegion(locale === 'en' ? locale : 'en', typeof navigator === 'undefined' ? [] : navigator.languages);

/** The login id of the field: an e-mail address, or a mobile number in the form the API takes. */
const loginId = (account: string, locale: string) =>
  account.includes('@') ? { email: account } : { mobile: normalizeMobile(account, browserRegion(locale)) ?? account };

// One field for either: accounts are registered by mobile (mainland 11 digits, or with the country
// code) or by e-mail.
const schema = z.object({
  account: z
    .string()
    .trim()
    .refine((v) => normalizeMobile(v, browserRegion('en')) !== null || z.email().safeParse(v).success, 'login.accountInvalid'),
  password: z.string().min(1, 'login.passwordRequired'),
});
type LoginForm = z.infer<typeof schema>;

export default function LoginPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = returnPathOf(params);
  const [failure, setFailure] = useState<string | null>(null);
  /** Two factors on: the password was right and the server waits for a code or a passkey (decisions 0056, 0057). */
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { account: '', password: '' },
  });
  const fieldError = (key: keyof LoginForm) => errorOf(intl, formState.errors, key);

  const signedIn = () => {
    message('success', intl.formatMessage({ id: 'login.success' }));
    navigate(returnPath ? returnPathIn(returnPath, intl.locale) : to('/'), { replace: true });
  };

  const verify = useCaptcha();
  const onSubmit = handleSubmit(async ({ account, password }) => {
    setFailure(null);
    const id = loginId(account, intl.locale);
    let captchaVerification = await verify();
    if (captchaVerification === null) return;
    try {
      let pending: SecondFactorChallenge | null;
      try {
        pending = await login(id, password, captchaVerification || undefined);
      } catch (e) {
        // Sent without a check (the captcha is off here), but the server wants one for this login id
        // (failed attempts on it, decision 0030): pass it and try once more.
        const wanted = e instanceof ApiError && e.kind === 'business' && e.code === AuthErrorCode.CaptchaRequired;
        if (!wanted || captchaVerification !== '') throw e;
        captchaVerification = await verify({ force: true });
        if (captchaVerification === null) return;
        pending = await login(id, password, captchaVerification);
      }
      if (pending) setChallenge(pending);
      else signedIn();
    } catch (e) {
      // Portal-wide failures (timeout, server error) are already toasted; show what the form caused.
      if (e instanceof ApiError && e.kind === 'business') setFailure(e.message);
    }
  });

  return (
    <AuthCard titleId="auth.login.title" descriptionId="auth.login.description" failure={failure} returnPath={returnPath}>
      {challenge ? (
        <SecondFactorStep
          challenge={challenge.challenge}
          methods={challenge.methods}
          onSignedIn={signedIn}
          onFailure={setFailure}
          onRestart={() => setChallenge(null)}
        />
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate>
          <Stack gap={5}>
            <Field.Root invalid={!!formState.errors.account} required>
              <Field.Label>
                <FormattedMessage id="login.account" />
              </Field.Label>
              <Input type="text" autoComplete="username" {...register('account')} />
              {formState.errors.account ? (
                <Field.ErrorText>{fieldError('account')}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <FormattedMessage id="login.accountHint" />
                </Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={!!formState.errors.password} required>
              <Field.Label>
                <FormattedMessage id="login.password" />
              </Field.Label>
              <Input type="password" autoComplete="current-password" {...register('password')} />
              <Field.ErrorText>{fieldError('password')}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="brand" size="lg" loading={formState.isSubmitting}>
              <FormattedMessage id="login.submit" />
            </Button>
            <HStack gap={3} color="fg.muted" fontSize="sm">
              <Separator flex="1" />
              <Text>
                <FormattedMessage id="login.or" />
              </Text>
              <Separator flex="1" />
            </HStack>
            <PasskeyButton labelId="login.passkey.signIn" onSignedIn={signedIn} onFailure={setFailure} />
            <Stack direction="row" justify="space-between" fontSize="sm">
              <ChakraLink asChild color="brand.fg">
                <Link to={withReturnPath(to('/forgot-password'), returnPath)}>
                  <FormattedMessage id="login.forgot" />
                </Link>
              </ChakraLink>
              <Text>
                <FormattedMessage id="login.noAccount" />{' '}
                <ChakraLink asChild color="brand.fg">
                  <Link to={withReturnPath(to('/register'), returnPath)}>
                    <FormattedMessage id="nav.register" />
                  </Link>
                </ChakraLink>
              </Text>
            </Stack>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
