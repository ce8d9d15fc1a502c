import { Alert, Box, Button, Card, Field, Heading, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@portal/shared';
import { message, useLocalePath } from '@portal/shared/ui';
import { safeReturnPath } from '../../routing/guard.ts';
import { login } from '../../session/session.ts';

const schema = z.object({
  mobile: z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, 'login.mobileInvalid'),
  password: z.string().min(1, 'login.passwordRequired'),
});
type LoginForm = z.infer<typeof schema>;

export default function LoginPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { mobile: '', password: '' },
  });
  const fieldError = (key: keyof LoginForm) => {
    const id = formState.errors[key]?.message;
    return id ? intl.formatMessage({ id }) : undefined;
  };

  const onSubmit = handleSubmit(async ({ mobile, password }) => {
    setFailure(null);
    try {
      await login(mobile, password);
      message('success', intl.formatMessage({ id: 'login.success' }));
      navigate(safeReturnPath(params.get('redirect')) ?? to('/'), { replace: true });
    } catch (e) {
      // Portal-wide failures (timeout, server error) are already toasted; show what the form caused.
      if (e instanceof ApiError && e.kind === 'business') setFailure(e.message);
    }
  });

  return (
    <Box display="flex" justifyContent="center" px={4} py={{ base: 8, md: 16 }}>
      <Card.Root w="full" maxW="md">
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap={5}>
              <Stack gap={1}>
                <Heading as="h1" size="2xl">
                  <FormattedMessage id="auth.login.title" />
                </Heading>
                <Text color="fg.muted">
                  <FormattedMessage id="auth.login.description" />
                </Text>
              </Stack>
              {failure ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              ) : null}
              <Field.Root invalid={!!formState.errors.mobile} required>
                <Field.Label>
                  <FormattedMessage id="login.mobile" />
                </Field.Label>
                <Input type="tel" inputMode="numeric" autoComplete="username" maxLength={11} {...register('mobile')} />
                <Field.ErrorText>{fieldError('mobile')}</Field.ErrorText>
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
              <Stack direction="row" justify="space-between" fontSize="sm">
                <ChakraLink asChild color="brand.fg">
                  <Link to={to('/forgot-password')}>
                    <FormattedMessage id="login.forgot" />
                  </Link>
                </ChakraLink>
                <Text>
                  <FormattedMessage id="login.noAccount" />{' '}
                  <ChakraLink asChild color="brand.fg">
                    <Link to={to('/register')}>
                      <FormattedMessage id="nav.register" />
                    </Link>
                  </ChakraLink>
                </Text>
              </Stack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
