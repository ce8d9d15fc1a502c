import { SimpleGrid } from '@portal/shared/chakra';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { api, isValidUscc } from '@portal/shared';
import { callApi } from '@portal/shared/browser';
import { applyServerError, fieldMessage, message } from '@portal/shared/ui';
import { CertificationForm, CertificationTextField, DocumentFileField, SubmittedDetails } from './CertificationForm.tsx';
import { ReviewedCertification } from './ReviewedCertification.tsx';
import { useCertification } from './useCertification.ts';

const phone = z
  .string()
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, 'uc.certification.phoneInvalid');
const MAX_LICENCE_BYTES = 5 * 1024 * 1024;
const schema = z.object({
  companyName: z.string().trim().min(2, 'uc.certification.required').max(100, 'uc.certification.tooLong'),
  contactPhone: phone,
  unifiedSocialCreditCode: z
    .string()
    .trim()
    .refine((v) => isValidUscc(v.toUpperCase()), 'uc.certification.usccInvalid'),
  bankName: z.string().trim().min(2, 'uc.certification.required').max(100, 'uc.certification.tooLong'),
  bankAccount: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => /^\d{8,30}$/.test(v), 'uc.certification.bankAccountInvalid'),
  registrationAddress: z.string().trim().min(2, 'uc.certification.required').max(200, 'uc.certification.tooLong'),
  registrationPhone: phone,
  businessLicence: z
    .custom<FileList>()
    .refine((files) => files?.length === 1, 'uc.certification.licenceRequired')
    .refine(
      (files) =>
        !files?.[0] || (/^(image\/(png|jpeg)|application\/pdf)$/.test(files[0].type) && files[0].size <= MAX_LICENCE_BYTES),
      'uc.certification.licenceInvalid',
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
  // Only when the status is this form's: an overseas company's submission has its own page.
  const record = cert.type === 1 && cert.current === 'enterprise' ? cert.enterprise : null;
  return (
    <ReviewedCertification
      titleId="uc.certificationCompany.title"
      maxW="4xl"
      kind="enterprise"
      record={record}
      successId="uc.certification.company.success"
      form={(onSubmitted) => <CompanyFormCard onSubmitted={onSubmitted} />}
      submitted={
        record ? (
          <SubmittedDetails
            orientation="horizontal"
            rows={TEXT_FIELDS.map((name) => [`uc.certification.${name}`, record[name]])}
            submittedAt={record.submittedAt}
          />
        ) : null
      }
    />
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
      message('success', intl.formatMessage({ id: 'uc.certification.company.submitted' }));
      await onSubmitted();
    } catch (e) {
      setFailure(applyServerError(e, (name, msg) => form.setError(name as keyof CompanyForm, { message: msg })));
    }
  });
  const text = (name: (typeof TEXT_FIELDS)[number], extra?: { inputMode?: 'numeric' | 'tel'; maxLength?: number }) => (
    <CertificationTextField
      key={name}
      labelId={`uc.certification.${name}`}
      error={fieldMessage(intl, errors[name]?.message)}
      registration={form.register(name)}
      {...extra}
    />
  );
  return (
    <CertificationForm
      onSubmit={onSubmit}
      introId="uc.certification.company.intro"
      failure={failure}
      submitId="uc.certification.submitReview"
      submitting={isSubmitting}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
        {text('companyName')}
        {text('unifiedSocialCreditCode', { maxLength: 18 })}
        {text('contactPhone', { inputMode: 'tel' })}
        {text('registrationPhone', { inputMode: 'tel' })}
        {text('bankName')}
        {text('bankAccount', { inputMode: 'numeric' })}
      </SimpleGrid>
      {text('registrationAddress')}
      <DocumentFileField
        labelId="uc.certification.businessLicence"
        hintId="uc.certification.licenceHint"
        error={fieldMessage(intl, errors.businessLicence?.message as string | undefined)}
        registration={form.register('businessLicence')}
      />
    </CertificationForm>
  );
}
