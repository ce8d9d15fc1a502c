import { Button, Link as ChakraLink, Stack, Text } from '@portal/shared/chakra';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@portal/shared/router';
import { z } from 'zod';
import { api } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { message, useLocalePath } from '@portal/shared/ui';
import { applyServerError } from '../../forms/fieldError.ts';
import { AuthCard } from './AuthCard.tsx';
import { returnPathOf, withReturnPath } from './destination.ts';
import { checkConfirm, checkDestination, destination, destinationDefaults, destinationFields } from './codeForm.ts';
import { DestinationFields } from './DestinationFields.tsx';
import { PasswordFields } from './PasswordFields.tsx';

const schema = z.object(destinationFields).superRefine(checkDestination).superRefine(checkConfirm);
type ForgotForm = z.input<typeof schema>;

export default function ForgotPasswordPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back to login with the way back still attached: the order waits after the new password too.
  const returnPath = returnPathOf(params);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotForm>({
    resolver: zodResolver(schema),
    defaultValues: destinationDefaults(intl.locale),
  });

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      await callApi(api.authResetPassword, { body: { ...destination(v), code: v.code, password: v.password } });
      message('success', intl.formatMessage({ id: 'forgot.success' }));
      navigate(withReturnPath(to('/login'), returnPath), { replace: true });
    } catch (e) {
      setFailure(applyServerError(e, (name, msg) => form.setError(name as keyof ForgotForm, { message: msg })));
    }
  });

  return (
    <AuthCard titleId="auth.forgot.title" descriptionId="auth.forgot.description" failure={failure} returnPath={returnPath}>
      <form method="post" onSubmit={onSubmit} noValidate>
        <Stack gap={4}>
          <DestinationFields form={form} scene={3} onFailure={setFailure} />
          <PasswordFields form={form} labelId="form.newPassword" />
          <Button type="submit" colorPalette="brand" size="lg" loading={form.formState.isSubmitting}>
            <FormattedMessage id="forgot.submit" />
          </Button>
          <Text fontSize="sm" textAlign="center">
            <ChakraLink asChild color="brand.fg">
              <Link to={withReturnPath(to('/login'), returnPath)}>
                <FormattedMessage id="forgot.back" />
              </Link>
            </ChakraLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
