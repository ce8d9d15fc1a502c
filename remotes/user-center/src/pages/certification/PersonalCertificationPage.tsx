import { Alert, Container, Heading, Stack } from '@portal/shared/chakra';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { api, isValidChineseIdCard } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, ContinueLink, fieldMessage, message } from '@portal/shared/ui';
import { CertificationForm, CertificationTextField } from './CertificationForm.tsx';
import { LockedNotice } from './ReviewedCertification.tsx';
import { isLocked, useCertification } from './useCertification.ts';

const schema = z.object({
  realName: z.string().trim().min(2, 'uc.certification.realNameInvalid').max(30, 'uc.certification.realNameInvalid'),
  idCard: z
    .string()
    .trim()
    .refine((v) => isValidChineseIdCard(v), 'uc.certification.idCardInvalid'),
});
type PersonalForm = z.input<typeof schema>;

/** /admin/auth/personal: real name and ID card; approval is instant. */
export default function PersonalCertificationPage() {
  const intl = useIntl();
  const cert = useCertification();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PersonalForm>({ resolver: zodResolver(schema), defaultValues: { realName: '', idCard: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      await callApi(api.personalCertCreate, { body: { realName: v.realName, idCard: v.idCard.toUpperCase() } });
      await cert.refresh();
      message('success', intl.formatMessage({ id: 'uc.certification.personal.done' }));
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
                <FormattedMessage id="uc.certification.personal.success" />
              </Alert.Title>
              <Alert.Description>
                {cert.personal?.realName} · {cert.personal?.idCard}
              </Alert.Description>
            </Alert.Content>
            {/* Certified at once: back to the purchase or page that asked for it. */}
            <ContinueLink />
          </Alert.Root>
        ) : isLocked(cert.status) ? (
          <LockedNotice current={cert.current ?? 'enterprise'} />
        ) : (
          <CertificationForm
            onSubmit={onSubmit}
            introId="uc.certification.personal.intro"
            failure={failure}
            submitId="uc.certification.submit"
            submitting={isSubmitting}
          >
            <CertificationTextField
              labelId="uc.certification.realName"
              error={fieldMessage(intl, errors.realName?.message)}
              registration={form.register('realName')}
              autoComplete="name"
            />
            <CertificationTextField
              labelId="uc.certification.idCard"
              error={fieldMessage(intl, errors.idCard?.message)}
              registration={form.register('idCard')}
              maxLength={18}
              autoComplete="off"
            />
          </CertificationForm>
        )}
      </Stack>
    </Container>
  );
}
