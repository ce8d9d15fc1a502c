import { Link as ChakraLink, SimpleGrid, Stack, Text } from '@portal/shared/chakra';
import { Field, NativeSelect } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { z } from 'zod';
import {
  api,
  companyRegistrationFields,
  countryName,
  countryOptions,
  DOCUMENT_FILE_FIELD,
  type DocumentCertInfo,
  ID_DOCUMENT_TYPES,
  identityDocumentFields,
  LICENCE_MAX_BYTES,
} from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, fieldMessage, message, useLocalePath } from '@portal/shared/ui';
import { CertificationForm, CertificationTextField, DocumentFileField, SubmittedDetails } from './CertificationForm.tsx';
import { ReviewedCertification } from './ReviewedCertification.tsx';
import { KIND_PATHS, useCertification } from './useCertification.ts';

export type DocumentSubject = 'person' | 'company';

const documentFile = z
  .custom<FileList>()
  .refine((files) => files?.length === 1, 'validation.documentFile')
  .refine(
    (files) =>
      !files?.[0] || (/^(image\/(png|jpeg)|application\/pdf)$/.test(files[0].type) && files[0].size <= LICENCE_MAX_BYTES),
    'validation.documentFile',
  );

// The contract's own schemas, so the form and the server refuse the same values with the same words.
const personSchema = identityDocumentFields.extend({ [DOCUMENT_FILE_FIELD]: documentFile });
const companySchema = companyRegistrationFields.extend({ [DOCUMENT_FILE_FIELD]: documentFile });
type PersonForm = z.input<typeof personSchema>;
type CompanyForm = z.input<typeof companySchema>;

const PAGE = {
  person: {
    title: 'uc.certificationDocument.title',
    kind: 'personDocument',
    mainland: 'idCard',
    mainlandHint: 'uc.certificationDocument.person.mainlandHint',
    success: 'uc.certification.personal.success',
  },
  company: {
    title: 'uc.certificationOverseas.title',
    kind: 'companyDocument',
    mainland: 'enterprise',
    mainlandHint: 'uc.certificationDocument.company.mainlandHint',
    success: 'uc.certification.company.success',
  },
} as const;

/**
 * /admin/auth/personal/document and /admin/auth/company/overseas: certification with a passport or
 * another government ID, or of a company registered outside mainland China. Fill in → waiting for
 * review → approved or failed with the reason (resubmit); read-only while in review or approved.
 */
export function DocumentCertification({ subject }: { subject: DocumentSubject }) {
  const cert = useCertification();
  const to = useLocalePath();
  const page = PAGE[subject];
  const record = cert.current === page.kind ? cert.document : null;
  return (
    <ReviewedCertification
      titleId={page.title}
      maxW="3xl"
      kind={page.kind}
      record={record}
      successId={page.success}
      form={(onSubmitted) => (
        <Stack gap={4}>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage
              id={page.mainlandHint}
              values={{
                link: (chunks) => (
                  <ChakraLink asChild color="brand.fg">
                    <Link to={to(KIND_PATHS[page.mainland])}>{chunks}</Link>
                  </ChakraLink>
                ),
              }}
            />
          </Text>
          <DocumentFormCard subject={subject} onSubmitted={onSubmitted} />
        </Stack>
      )}
      submitted={record ? <Submitted record={record} /> : null}
    />
  );
}

/** What was submitted, read-only (a person's document number comes back masked). */
function Submitted({ record }: { record: DocumentCertInfo }) {
  const intl = useIntl();
  const company = record.documentType === 'company_registration';
  const rows: [string, string][] = [
    ['uc.certificationDocument.documentType', intl.formatMessage({ id: `uc.certificationDocument.type.${record.documentType}` })],
    [
      company ? 'uc.certificationDocument.companyCountry' : 'uc.certificationDocument.country',
      countryName(record.country, intl.locale),
    ],
    [company ? 'uc.certification.companyName' : 'uc.certificationDocument.fullName', record.name],
    [company ? 'uc.certificationDocument.registrationNumber' : 'uc.certificationDocument.documentNumber', record.number],
  ];
  if (record.registrationAddress) rows.push(['uc.certification.registrationAddress', record.registrationAddress]);
  return (
    <SubmittedDetails
      orientation={{ base: 'vertical', sm: 'horizontal' }}
      valueWordBreak="break-word"
      rows={rows}
      submittedAt={record.submittedAt}
    />
  );
}

function DocumentFormCard({ subject, onSubmitted }: { subject: DocumentSubject; onSubmitted: () => Promise<void> }) {
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);
  const company = subject === 'company';
  const form = useForm<PersonForm & CompanyForm>({
    resolver: zodResolver((company ? companySchema : personSchema) as typeof personSchema) as never,
    defaultValues: company ? { country: '' } : { documentType: 'passport', country: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const countries = useMemo(() => countryOptions(intl.locale).filter((c) => !company || c.code !== 'CN'), [intl.locale, company]);

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    const body = new FormData();
    const names = company
      ? (['companyName', 'country', 'registrationNumber', 'registrationAddress'] as const)
      : (['documentType', 'country', 'documentNumber', 'fullName'] as const);
    for (const name of names) body.set(name, String(v[name] ?? '').trim());
    const file = v.document?.[0];
    if (file) body.set(DOCUMENT_FILE_FIELD, file);
    try {
      await callApi(company ? api.companyRegistrationCertCreate : api.identityDocumentCertCreate, { body: body as never });
      message('success', intl.formatMessage({ id: 'uc.certification.company.submitted' }));
      await onSubmitted();
    } catch (e) {
      setFailure(applyServerError(e, (name, msg) => form.setError(name as never, { message: msg })));
    }
  });

  const error = (name: string) => fieldMessage(intl, (errors as Record<string, { message?: string } | undefined>)[name]?.message);
  const text = (
    name: 'documentNumber' | 'fullName' | 'companyName' | 'registrationNumber' | 'registrationAddress',
    label: string,
    extra?: { autoComplete?: string },
  ) => (
    <CertificationTextField
      key={name}
      labelId={label}
      error={error(name)}
      registration={form.register(name)}
      autoComplete={extra?.autoComplete ?? 'off'}
    />
  );

  return (
    <CertificationForm
      onSubmit={onSubmit}
      introId={company ? 'uc.certificationDocument.company.intro' : 'uc.certificationDocument.person.intro'}
      failure={failure}
      submitId="uc.certification.submitReview"
      submitting={isSubmitting}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        {company ? null : (
          <Field.Root invalid={!!error('documentType')} required>
            <Field.Label>
              <FormattedMessage id="uc.certificationDocument.documentType" />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('documentType')}>
                {ID_DOCUMENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {intl.formatMessage({ id: `uc.certificationDocument.type.${type}` })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{error('documentType')}</Field.ErrorText>
          </Field.Root>
        )}
        {company ? text('companyName', 'uc.certification.companyName', { autoComplete: 'organization' }) : null}
        <Field.Root invalid={!!error('country')} required>
          <Field.Label>
            <FormattedMessage id={company ? 'uc.certificationDocument.companyCountry' : 'uc.certificationDocument.country'} />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field data-testid="document-country" {...form.register('country')}>
              <option value="">{intl.formatMessage({ id: 'uc.certificationDocument.countryPlaceholder' })}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{error('country')}</Field.ErrorText>
        </Field.Root>
        {company
          ? text('registrationNumber', 'uc.certificationDocument.registrationNumber')
          : text('documentNumber', 'uc.certificationDocument.documentNumber')}
        {company ? null : text('fullName', 'uc.certificationDocument.fullName', { autoComplete: 'name' })}
      </SimpleGrid>
      {company ? text('registrationAddress', 'uc.certification.registrationAddress', { autoComplete: 'street-address' }) : null}
      <DocumentFileField
        labelId={company ? 'uc.certificationDocument.companyFile' : 'uc.certificationDocument.file'}
        hintId={company ? 'uc.certificationDocument.companyFileHint' : 'uc.certificationDocument.fileHint'}
        error={error(DOCUMENT_FILE_FIELD)}
        registration={form.register(DOCUMENT_FILE_FIELD)}
      />
    </CertificationForm>
  );
}
