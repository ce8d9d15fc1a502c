import { Button, Link as ChakraLink, Stack, Text } from '@portal/shared/chakra';
import { Checkbox, Field } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { z } from 'zod';
import { api } from '@portal/shared';
import { callApi, setSession } from '@portal/shared/browser';
import { message, useLocalePath } from '@portal/shared/ui';
import { useCaptcha } from '../../captcha/CaptchaProvider.tsx';
import { applyServerError, errorOf } from '../../forms/fieldError.ts';
import { refreshUserInfo } from '../../session/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { returnPathIn, returnPathOf, withReturnPath } from './destination.ts';
import { checkConfirm, checkDestination, destination, destinationDefaults, destinationFields } from './codeForm.ts';
import { DestinationFields } from './DestinationFields.tsx';
import { PasswordFields } from './PasswordFields.tsx';

const schema = z
  .object({ ...destinationFields, agreement: z.boolean().refine((v) => v, 'register.agreeRequired') })
  .superRefine(checkDestination)
  .superRefine(checkConfirm);
type RegisterForm = z.input<typeof schema>;

export default function RegisterPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = returnPathOf(params);
  const verify = useCaptcha();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(schema),
    defaultValues: { ...destinationDefaults(intl.locale), agreement: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    const captchaVerification = await verify();
    if (captchaVerification === null) return;
    try {
      const result = await callApi(api.authRegister, {
        body: {
          ...destination(v),
          code: v.code,
          password: v.password,
          agreement: v.agreement,
          captchaVerification: captchaVerification || undefined,
        },
      });
      if (!result) return;
      setSession(result.token);
      await refreshUserInfo();
      message('success', intl.formatMessage({ id: 'register.success' }));
      navigate(returnPath ? returnPathIn(returnPath, intl.locale) : to('/admin/dashboard'), { replace: true });
    } catch (e) {
      setFailure(applyServerError(e, (name, msg) => form.setError(name as keyof RegisterForm, { message: msg })));
    }
  });

  return (
    <AuthCard titleId="auth.register.title" descriptionId="auth.register.description" failure={failure} returnPath={returnPath}>
      <form method="post" onSubmit={onSubmit} noValidate>
        <Stack gap={4}>
          <DestinationFields form={form} scene={0} onFailure={setFailure} />
          <PasswordFields form={form} />
          <Field.Root invalid={!!errors.agreement}>
            <Controller
              control={form.control}
              name="agreement"
              render={({ field }) => (
                <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(!!e.checked)} alignItems="flex-start">
                  <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
                  <Checkbox.Control mt="0.5" data-testid="agreement" />
                  <Checkbox.Label fontWeight="normal">
                    <FormattedMessage
                      id="register.agree"
                      values={{
                        terms: (
                          <ChakraLink asChild color="brand.fg">
                            <Link to={to('/terms')} target="_blank">
                              <FormattedMessage id="register.terms" />
                            </Link>
                          </ChakraLink>
                        ),
                        privacy: (
                          <ChakraLink asChild color="brand.fg">
                            <Link to={to('/privacy')} target="_blank">
                              <FormattedMessage id="register.privacy" />
                            </Link>
                          </ChakraLink>
                        ),
                      }}
                    />
                  </Checkbox.Label>
                </Checkbox.Root>
              )}
            />
            <Field.ErrorText>{errorOf(intl, errors, 'agreement')}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
            <FormattedMessage id="register.submit" />
          </Button>
          <Text fontSize="sm" textAlign="center">
            <FormattedMessage id="register.haveAccount" />{' '}
            <ChakraLink asChild color="brand.fg">
              <Link to={withReturnPath(to('/login'), returnPath)}>
                <FormattedMessage id="nav.login" />
              </Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
