import { Alert, Button, Card, Container, Heading, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { z } from 'zod';
import { api, isValidChineseIdCard } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, ContinueLink, fieldMessage, message, useLocalePath, ActionFailure } from '@portal/shared/ui';
import { isLocked, KIND_PATHS, useCertification } from './useCertification.ts';

const schema = z.object({
  realName: z.string().trim().min(2, 'uc.cert.realNameInvalid').max(30, 'uc.cert.realNameInvalid'),
  idCard: z
    .string()
    .trim()
    .refine((v) => isValidChineseIdCard(v), 'uc.cert.idCardInvalid'),
});
type PersonalForm = z.input<typeof schema>;

/** /admin/auth/personal: real name and ID card; approval is instant. */
export default function PersonalCertificationPage() {
  const intl = useIntl();
  const to = useLocalePath();
  const cert = useCertification();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PersonalForm>({ resolver: zodResolver(schema), defaultValues: { realName: '', idCard: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      await callApi(api.personalCertCreate, { body: { realName: v.realName, idCard: v.idCard.toUpperCase() } });
      await cert.refresh();
      message('success', intl.formatMessage({ id: 'uc.cert.personal.done' }));
    } catch (e) {
      setFailure(applyServerError(e, (name, msg) => form.setError(name as keyof PersonalForm, { message: msg })));
    }
  });

  const certifiedPersonally = cert.status === 3 && cert.type === 0 && cert.current === 'idCard' && cert.personal;
  return (
    <Container maxW="2xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          <FormattedMessage id="uc.certificationPersonal.title" />
        </Heading>
        {certifiedPersonally ? (
          <Alert.Root status="success" data-testid="cert-success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <FormattedMessage id="uc.cert.personal.success" />
              </Alert.Title>
              <Alert.Description>
                {cert.personal?.realName} · {cert.personal?.idCard}
              </Alert.Description>
            </Alert.Content>
            {/* Certified at once: back to the purchase or page that asked for it. */}
            <ContinueLink />
          </Alert.Root>
        ) : isLocked(cert.status) ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="uc.cert.locked" />
            </Alert.Title>
            <Button asChild size="sm" variant="outline">
              <Link to={to(KIND_PATHS[cert.current ?? 'enterprise'])}>
                <FormattedMessage id="uc.cert.view" />
              </Link>
            </Button>
          </Alert.Root>
        ) : (
          <Card.Root>
            <Card.Body>
              <form onSubmit={onSubmit} noValidate>
                <Stack gap={4}>
                  <Text color="fg.muted">
                    <FormattedMessage id="uc.cert.personal.intro" />
                  </Text>
                  <ActionFailure message={failure} />
                  <Field.Root invalid={!!errors.realName} required>
                    <Field.Label>
                      <FormattedMessage id="uc.cert.realName" />
                    </Field.Label>
                    <Input autoComplete="name" {...form.register('realName')} />
                    <Field.ErrorText>{fieldMessage(intl, errors.realName?.message)}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.idCard} required>
                    <Field.Label>
                      <FormattedMessage id="uc.cert.idCard" />
                    </Field.Label>
                    <Input maxLength={18} autoComplete="off" {...form.register('idCard')} />
                    <Field.ErrorText>{fieldMessage(intl, errors.idCard?.message)}</Field.ErrorText>
                  </Field.Root>
                  <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
                    <FormattedMessage id="uc.cert.submit" />
                  </Button>
                </Stack>
              </form>
            </Card.Body>
          </Card.Root>
        )}
      </Stack>
    </Container>
  );
}
