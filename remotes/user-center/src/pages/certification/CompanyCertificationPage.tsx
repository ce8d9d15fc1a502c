import { Alert, Box, Button, Card, Container, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { api, isValidUscc } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, fieldMessage, message, ActionFailure } from '@portal/shared/ui';
import { Link } from '@portal/shared/router';
import { useLocalePath } from '@portal/shared/ui';
import { isLocked, KIND_PATHS, useCertification } from './useCertification.ts';
import { ReviewOutcome } from './ReviewOutcome.tsx';

const phone = z
  .string()
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, 'uc.cert.phoneInvalid');
const MAX_LICENCE_BYTES = 5 * 1024 * 1024;
const schema = z.object({
  companyName: z.string().trim().min(2, 'uc.cert.required').max(100, 'uc.cert.tooLong'),
  contactPhone: phone,
  unifiedSocialCreditCode: z
    .string()
    .trim()
    .refine((v) => isValidUscc(v.toUpperCase()), 'uc.cert.usccInvalid'),
  bankName: z.string().trim().min(2, 'uc.cert.required').max(100, 'uc.cert.tooLong'),
  bankAccount: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => /^\d{8,30}$/.test(v), 'uc.cert.bankAccountInvalid'),
  registrationAddress: z.string().trim().min(2, 'uc.cert.required').max(200, 'uc.cert.tooLong'),
  registrationPhone: phone,
  businessLicence: z
    .custom<FileList>()
    .refine((files) => files?.length === 1, 'uc.cert.licenceRequired')
    .refine(
      (files) =>
        !files?.[0] || (/^(image\/(png|jpeg)|application\/pdf)$/.test(files[0].type) && files[0].size <= MAX_LICENCE_BYTES),
      'uc.cert.licenceInvalid',
    ),
});
type CompanyForm = z.input<typeof schema>;
const TEXT_FIELDS = [
  'companyName',
  'contactPhone',
  'unifiedSocialCreditCode',
  'bankName',
  'bankAccount',
  'registrationAddress',
  'registrationPhone',
] as const;

/** /admin/auth/company: fill details → waiting for review → success or failed (resubmit). */
export default function CompanyCertificationPage() {
  const cert = useCertification();
  const to = useLocalePath();
  const [resubmitting, setResubmitting] = useState(false);
  // Only when the status is this form's: an overseas company's submission has its own page.
  const record = cert.type === 1 && cert.current === 'enterprise' ? cert.enterprise : null;
  const status = record ? cert.status : 0;
  const step = !record || resubmitting ? 0 : status === 1 || status === 2 ? 1 : 2;
  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          <FormattedMessage id="uc.certificationCompany.title" />
        </Heading>
        <Steps current={step} failed={status === 4 && !resubmitting} />
        {cert.loading ? null : isLocked(cert.status) && cert.current !== 'enterprise' ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="uc.cert.locked" />
            </Alert.Title>
            {cert.current ? (
              <Button asChild size="sm" variant="outline">
                <Link to={to(KIND_PATHS[cert.current])}>
                  <FormattedMessage id="uc.cert.view" />
                </Link>
              </Button>
            ) : null}
          </Alert.Root>
        ) : step === 0 ? (
          <CompanyFormCard
            onSubmitted={async () => {
              setResubmitting(false);
              await cert.refresh();
            }}
          />
        ) : record ? (
          <ReviewOutcome
            status={status}
            successId="uc.cert.company.success"
            failureReason={record.failureReason}
            onResubmit={() => setResubmitting(true)}
          >
            <Submitted record={record} />
          </ReviewOutcome>
        ) : null}
      </Stack>
    </Container>
  );
}

export function Steps({ current, failed }: { current: number; failed: boolean }) {
  const intl = useIntl();
  const labels = ['uc.cert.step.fill', 'uc.cert.step.review', failed ? 'uc.cert.step.failed' : 'uc.cert.step.done'];
  return (
    <HStack as="ol" gap={{ base: 2, md: 4 }} listStyleType="none" aria-label={intl.formatMessage({ id: 'uc.cert.steps' })}>
      {labels.map((id, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'todo';
        return (
          <HStack as="li" key={id} flex="1" gap={2} aria-current={state === 'current' ? 'step' : undefined}>
            <Box
              w="7"
              h="7"
              flexShrink={0}
              borderRadius="full"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontSize="sm"
              fontWeight="bold"
              bg={state === 'todo' ? 'bg.muted' : failed && i === 2 ? 'red.solid' : 'brand.solid'}
              color={state === 'todo' ? 'fg.muted' : 'white'}
            >
              {i + 1}
            </Box>
            <Text
              fontSize="sm"
              fontWeight={state === 'current' ? 'semibold' : 'normal'}
              color={state === 'todo' ? 'fg.muted' : 'fg'}
            >
              <FormattedMessage id={id} />
            </Text>
          </HStack>
        );
      })}
    </HStack>
  );
}

type EnterpriseRecord = NonNullable<Awaited<ReturnType<typeof callApi<typeof api.enterpriseCertGet>>>>;

/** What was submitted, read-only (sensitive numbers come back masked). */
function Submitted({ record }: { record: EnterpriseRecord }) {
  return (
    <Card.Root>
      <Card.Body>
        <DataList.Root orientation="horizontal" gap={3}>
          {TEXT_FIELDS.map((name) => (
            <DataList.Item key={name}>
              <DataList.ItemLabel minW="40">
                <FormattedMessage id={`uc.cert.${name}`} />
              </DataList.ItemLabel>
              <DataList.ItemValue>{record[name]}</DataList.ItemValue>
            </DataList.Item>
          ))}
          <DataList.Item>
            <DataList.ItemLabel minW="40">
              <FormattedMessage id="uc.cert.submittedAt" />
            </DataList.ItemLabel>
            <DataList.ItemValue>
              <FormattedDate value={record.submittedAt} dateStyle="medium" timeStyle="short" />
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

function CompanyFormCard({ onSubmitted }: { onSubmitted: () => Promise<void> }) {
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CompanyForm>({ resolver: zodResolver(schema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    const body = new FormData();
    for (const name of TEXT_FIELDS) body.set(name, String(v[name]).trim());
    body.set('unifiedSocialCreditCode', v.unifiedSocialCreditCode.trim().toUpperCase());
    body.set('bankAccount', v.bankAccount.replace(/\s+/g, ''));
    const file = v.businessLicence?.[0];
    if (file) body.set('businessLicence', file);
    try {
      await callApi(api.enterpriseCertCreate, { body: body as never });
      message('success', intl.formatMessage({ id: 'uc.cert.company.submitted' }));
      await onSubmitted();
    } catch (e) {
      setFailure(applyServerError(e, (name, msg) => form.setError(name as keyof CompanyForm, { message: msg })));
    }
  });
  const text = (name: (typeof TEXT_FIELDS)[number], extra?: { inputMode?: 'numeric' | 'tel'; maxLength?: number }) => (
    <Field.Root key={name} invalid={!!errors[name]} required>
      <Field.Label>
        <FormattedMessage id={`uc.cert.${name}`} />
      </Field.Label>
      <Input {...extra} {...form.register(name)} />
      <Field.ErrorText>{fieldMessage(intl, errors[name]?.message)}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap={4}>
            <Text color="fg.muted">
              <FormattedMessage id="uc.cert.company.intro" />
            </Text>
            <ActionFailure message={failure} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {text('companyName')}
              {text('unifiedSocialCreditCode', { maxLength: 18 })}
              {text('contactPhone', { inputMode: 'tel' })}
              {text('registrationPhone', { inputMode: 'tel' })}
              {text('bankName')}
              {text('bankAccount', { inputMode: 'numeric' })}
            </SimpleGrid>
            {text('registrationAddress')}
            <Field.Root invalid={!!errors.businessLicence} required>
              <Field.Label>
                <FormattedMessage id="uc.cert.businessLicence" />
              </Field.Label>
              <Input type="file" accept="image/png,image/jpeg,application/pdf" p={1.5} {...form.register('businessLicence')} />
              {errors.businessLicence ? (
                <Field.ErrorText>{fieldMessage(intl, errors.businessLicence.message as string | undefined)}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <FormattedMessage id="uc.cert.licenceHint" />
                </Field.HelperText>
              )}
            </Field.Root>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
              <FormattedMessage id="uc.cert.submitReview" />
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
