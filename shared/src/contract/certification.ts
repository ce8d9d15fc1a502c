import { z } from 'zod';
import { isCountryCode } from '../i18n/countries.ts';
import { isValidChineseIdCard, isValidUscc } from '../validation/china-ids.ts';
import { identificationStatus } from './auth.ts';
import { defineApi } from './define.ts';

/** Business codes of real-name certification (member module, `1_004_004_NNN`). */
export const CertificationErrorCode = {
  /** A certification is under review (Auditing) or approved (Success): nothing can be submitted. */
  Locked: 1_004_004_000,
  /** The identity verification service says the real name does not belong to the ID card number. */
  NameMismatch: 1_004_004_001,
  /** The identity verification service cannot be reached or is not configured; try again later. */
  VerifierUnavailable: 1_004_004_002,
  /** The ID card number has certified as many accounts as it may (CERT_MAX_ACCOUNTS_PER_ID_CARD). */
  IdCardLimit: 1_004_004_003,
  /** The identity document has certified as many accounts as it may (the same limit as an ID card). */
  DocumentLimit: 1_004_004_004,
} as const;

/** Business licence upload: PNG, JPEG or PDF (checked by content, not by name), at most 5 MB. */
export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;
export const LICENCE_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/** Trimmed text of `min`..`max` characters (code points), no control characters. */
export const lengthBetween = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      const length = [...v].length;
      return length >= min && length <= max && !/\p{Cc}/u.test(v);
    }, message);

/** A person's name as on the ID card: 2-30 characters after trimming. */
export const realName = lengthBetween(2, 30, 'validation.realName');

/** GB 11643 ID card number; a lower-case x check character becomes X. */
export const idCardNumber = z.string().trim().toUpperCase().refine(isValidChineseIdCard, 'validation.idCard');

/** GB 32100 unified social credit code, upper-cased. */
export const unifiedSocialCreditCode = z.string().trim().toUpperCase().refine(isValidUscc, 'validation.uscc');

/** A mainland mobile (13800138000) or a landline with area code (010-12345678, 0755-1234567, optional -ext). */
export const phoneNumber = z
  .string()
  .trim()
  .regex(/^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?)$/, 'validation.phone');

/** A bank account number: 8-30 digits; spaces (as printed on cards) are removed. */
export const bankAccountNumber = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => /^\d{8,30}$/.test(v), 'validation.bankAccount');

export const personalCertCreateBody = z.object({ realName, idCard: idCardNumber });
export type PersonalCertCreateBody = z.input<typeof personalCertCreateBody>;

/**
 * The text fields of the enterprise form (multipart/form-data, all strings), besides the file
 * `businessLicence`. Browser forms validate with this very schema before building the FormData.
 */
export const enterpriseCertFields = z.object({
  companyName: lengthBetween(2, 100, 'validation.companyName'),
  contactPhone: phoneNumber,
  unifiedSocialCreditCode,
  /** Bank and branch, e.g. 中国工商银行北京海淀支行. */
  bankName: lengthBetween(2, 100, 'validation.bankName'),
  bankAccount: bankAccountNumber,
  registrationAddress: lengthBetween(2, 200, 'validation.registrationAddress'),
  registrationPhone: phoneNumber,
});
export type EnterpriseCertFields = z.input<typeof enterpriseCertFields>;

/** The request body of enterpriseCertCreate: a FormData with the fields above and the file `businessLicence`. */
export const enterpriseCertFormData = z.custom<FormData>(
  (v) => typeof FormData !== 'undefined' && v instanceof FormData,
  'validation.businessLicence',
);

export const personalCertInfo = z.object({
  realName: z.string(),
  /** Masked: `110101********1234`. */
  idCard: z.string(),
  status: identificationStatus,
  /** Epoch ms. */
  createdAt: z.number().int(),
});
export type PersonalCertInfo = z.output<typeof personalCertInfo>;

export const enterpriseCertInfo = z.object({
  companyName: z.string(),
  contactPhone: z.string(),
  unifiedSocialCreditCode: z.string(),
  bankName: z.string(),
  /** Masked: only the last 4 digits shown (`**** 1234` style: `************1234`). */
  bankAccount: z.string(),
  registrationAddress: z.string(),
  registrationPhone: z.string(),
  /** A licence file is stored: fetch it from ENTERPRISE_LICENCE_PATH with the bearer token. */
  hasLicence: z.boolean(),
  status: identificationStatus,
  /** Set when the review failed (status 4). */
  failureReason: z.string().nullable(),
  /** Epoch ms. */
  submittedAt: z.number().int(),
  /** Epoch ms of the review decision; null while waiting. */
  reviewedAt: z.number().int().nullable(),
});
export type EnterpriseCertInfo = z.output<typeof enterpriseCertInfo>;

/**
 * `GET` (bearer token): the caller's own business licence file, streamed with its content type
 * (image/png, image/jpeg or application/pdf); not JSON, so not an `api` entry. Errors are the usual
 * envelope (body code 401 without a session, HTTP 404 when there is none).
 */
export const ENTERPRISE_LICENCE_PATH = '/app-api/ip/member-user-enterprise-info/licence';

/**
 * Certification with an identity document for people without a mainland ID card, and with a
 * registration document for companies registered outside mainland China. Both go to manual review
 * like an enterprise (status 1 Auditing, then 3 Success or 4 Fail with a reason); the person's
 * counts as certificationType 0 Personal, the company's as 1 Enterprise.
 */
export const ID_DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence', 'other'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];
/** Every kind of document a document certification holds: a person's ID, or a company's registration. */
export const DOCUMENT_KINDS = [...ID_DOCUMENT_TYPES, 'company_registration'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The file field of both document forms. */
export const DOCUMENT_FILE_FIELD = 'document';

/** An inhabited country or region, ISO 3166-1 alpha-2 (i18n/countries.ts), upper-cased. */
export const countryCode = z.string().trim().toUpperCase().refine(isCountryCode, 'validation.country');

/**
 * A number as printed on a document or a register: letters (any script's, for the rare national
 * number with one), digits, spaces, hyphens, slashes and dots; upper-cased, inner spaces collapsed.
 */
const printedNumber = (message: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .overwrite((v) => v.replace(/\s+/g, ' '))
    .refine((v) => {
      const length = [...v].length;
      return length >= 3 && length <= 40 && /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u.test(v) && /\p{N}/u.test(v);
    }, message);

export const identityDocumentFields = z.object({
  documentType: z.enum(ID_DOCUMENT_TYPES, { error: 'validation.documentType' }),
  /** The issuing country. */
  country: countryCode,
  documentNumber: printedNumber('validation.documentNumber'),
  /** The full name exactly as on the document (any script). */
  fullName: lengthBetween(2, 100, 'validation.documentName'),
});
export type IdentityDocumentFields = z.input<typeof identityDocumentFields>;

export const companyRegistrationFields = z.object({
  companyName: lengthBetween(2, 200, 'validation.overseasCompanyName'),
  /** Where the company is registered; mainland China has its own flow (unified social credit code). */
  country: countryCode.refine((c) => c !== 'CN', 'validation.countryNotMainland'),
  registrationNumber: printedNumber('validation.registrationNumber'),
  registrationAddress: lengthBetween(2, 200, 'validation.registrationAddress'),
});
export type CompanyRegistrationFields = z.input<typeof companyRegistrationFields>;

/** The request body of both document forms: a FormData with their fields and the file `document`. */
export const documentCertFormData = z.custom<FormData>(
  (v) => typeof FormData !== 'undefined' && v instanceof FormData,
  'validation.documentFile',
);

export const documentCertInfo = z.object({
  /** `company_registration` for a company, else the type of the person's document. */
  documentType: z.enum(DOCUMENT_KINDS),
  country: z.string(),
  /** The person's name as on the document, or the company's name. */
  name: z.string(),
  /** A person's document number masked (`*****4567`); a company's registration number in full (a public register's). */
  number: z.string(),
  /** Companies only. */
  registrationAddress: z.string().nullable(),
  status: identificationStatus,
  /** Set when the review failed (status 4). */
  failureReason: z.string().nullable(),
  /** Epoch ms. */
  submittedAt: z.number().int(),
  /** Epoch ms of the review decision; null while waiting. */
  reviewedAt: z.number().int().nullable(),
});
export type DocumentCertInfo = z.output<typeof documentCertInfo>;

/** `GET` (bearer token): the file of the caller's latest document certification; like ENTERPRISE_LICENCE_PATH. */
export const DOCUMENT_FILE_PATH = '/app-api/ip/member-user-document-info/file';

export const certificationApi = {
  personalCertCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/member-user-personal-info/create',
    summary:
      'Personal real-name certification (name + GB 11643 ID card number); passes at once: identificationStatus 3, certificationType 0',
    tags: ['certification'],
    auth: true,
    body: personalCertCreateBody,
    data: z.boolean(),
  }),
  personalCertGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-user-personal-info/get',
    summary: "The caller's latest personal certification (ID number masked), or null",
    tags: ['certification'],
    auth: true,
    data: personalCertInfo.nullable(),
  }),
  enterpriseCertCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/member-user-enterprise-info/create',
    summary:
      'Enterprise certification, multipart/form-data: companyName, contactPhone, unifiedSocialCreditCode, bankName, bankAccount, registrationAddress, registrationPhone and the file businessLicence (PNG, JPEG or PDF, at most 5 MB); goes to manual review: identificationStatus 1, certificationType 1',
    tags: ['certification'],
    auth: true,
    body: enterpriseCertFormData,
    data: z.boolean(),
  }),
  enterpriseCertGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-user-enterprise-info/get',
    summary: "The caller's latest enterprise certification (bank account masked) with status and failure reason, or null",
    tags: ['certification'],
    auth: true,
    data: enterpriseCertInfo.nullable(),
  }),
  identityDocumentCertCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/member-user-document-info/create-personal',
    summary:
      'Personal certification without a mainland ID card, multipart/form-data: documentType (passport, national_id, driving_licence, other), country (ISO 3166-1 alpha-2), documentNumber, fullName and the file document (PNG, JPEG or PDF, at most 5 MB); goes to manual review: identificationStatus 1, certificationType 0',
    tags: ['certification'],
    auth: true,
    body: documentCertFormData,
    data: z.boolean(),
  }),
  companyRegistrationCertCreate: defineApi({
    method: 'POST',
    path: '/app-api/ip/member-user-document-info/create-company',
    summary:
      'Enterprise certification of a company registered outside mainland China, multipart/form-data: companyName, country, registrationNumber, registrationAddress and the file document (PNG, JPEG or PDF, at most 5 MB); goes to manual review: identificationStatus 1, certificationType 1',
    tags: ['certification'],
    auth: true,
    body: documentCertFormData,
    data: z.boolean(),
  }),
  documentCertGet: defineApi({
    method: 'GET',
    path: '/app-api/ip/member-user-document-info/get',
    summary:
      "The caller's latest document certification (a person's document number masked) with status and failure reason, or null",
    tags: ['certification'],
    auth: true,
    data: documentCertInfo.nullable(),
  }),
};
