import type { DocumentKind, IdentificationStatus, LicenceType } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.ts';
import { memberUsers } from '../accounts/tables.ts';

/**
 * Personal certifications, one row per submission (the latest counts). `*_enc` columns hold
 * AES-256-GCM ciphertext (crypto.ts), never the plain value.
 */
export const personalCertifications = pgTable(
  'personal_certifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    realName: text('real_name').notNull(),
    idCardEnc: text('id_card_enc').notNull(),
    /**
     * Keyed hash of the ID card number (crypto.ts idCardHash): finds the accounts of one number
     * (the per-number limit, `ops cert list --id-hash`) without decrypting. Null only for rows
     * older than the column until the server fills them in at start.
     */
    idCardHash: text('id_card_hash'),
    status: smallint('status').$type<IdentificationStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('personal_certifications_user_id').on(t.userId),
    index('personal_certifications_id_card_hash').on(t.idCardHash),
    check('personal_certifications_status', sql`${t.status} between 0 and 4`),
  ],
);

/**
 * Enterprise certifications, one row per submission (the latest counts; older ones stay for the
 * review history). The licence itself is a row of licence_files, encrypted like the `*_enc`
 * columns, so that every instance on one database can show it.
 */
export const enterpriseCertifications = pgTable(
  'enterprise_certifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    creditCodeEnc: text('credit_code_enc').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccountEnc: text('bank_account_enc').notNull(),
    registrationAddress: text('registration_address').notNull(),
    registrationPhone: text('registration_phone').notNull(),
    /** The licence_files row (a random id). */
    licenceFile: text('licence_file').notNull(),
    /** Detected from the content: image/png, image/jpeg or application/pdf. */
    licenceType: text('licence_type').notNull(),
    status: smallint('status').$type<IdentificationStatus>().notNull(),
    failureReason: text('failure_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('enterprise_certifications_user_id').on(t.userId),
    index('enterprise_certifications_status').on(t.status),
    check('enterprise_certifications_status', sql`${t.status} between 0 and 4`),
  ],
);

/** Every review decision an operator took (`npm run ops -- cert approve|reject`). */
export const certificationReviews = pgTable(
  'certification_reviews',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => enterpriseCertifications.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'approve' | 'reject'>().notNull(),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('certification_reviews_certification_id').on(t.certificationId),
    check('certification_reviews_decision', sql`${t.decision} in ('approve', 'reject')`),
  ],
);

/**
 * Uploaded business licences, sealed with the data key (AES-256-GCM, crypto.ts) before they are
 * stored: in the database rather than on one instance's disk, so a licence uploaded through one
 * instance is reviewed and downloaded through any other.
 */
export const licenceFiles = pgTable('licence_files', {
  /** 32 hex characters, random. */
  id: text('id').primaryKey(),
  sealed: bytea('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Certifications by document, one row per submission (the latest of a user counts), reviewed by
 * an operator like an enterprise: a person without a mainland ID card (passport, national ID card,
 * driving licence or another government ID; document_type) or a company registered outside mainland
 * China (document_type `company_registration`). The number is encrypted like the ID card number;
 * the document's photo or scan is a licence_files row, sealed like a business licence.
 */
export const documentCertifications = pgTable(
  'document_certifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<DocumentKind>().notNull(),
    /** Issuing country of a person's document, or the company's country of registration (ISO 3166-1 alpha-2). */
    country: text('country').notNull(),
    /** The name as on the document, or the company's registered name. */
    holderName: text('holder_name').notNull(),
    numberEnc: text('number_enc').notNull(),
    /**
     * Keyed hash of kind, country and number (crypto.ts documentHash): the accounts of one document
     * are counted without decrypting (the per-document limit of a person's documents).
     */
    numberHash: text('number_hash').notNull(),
    /** Companies only. */
    registrationAddress: text('registration_address'),
    /** The licence_files row holding the document's photo or scan (a random id). */
    documentFile: text('document_file').notNull(),
    /** Detected from the content: image/png, image/jpeg or application/pdf. */
    documentFileType: text('document_file_type').$type<LicenceType>().notNull(),
    status: smallint('status').$type<IdentificationStatus>().notNull(),
    failureReason: text('failure_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('document_certifications_user_id').on(t.userId),
    index('document_certifications_status').on(t.status),
    index('document_certifications_number_hash').on(t.numberHash),
    check('document_certifications_status', sql`${t.status} between 0 and 4`),
    check(
      'document_certifications_document_type',
      sql`${t.documentType} in ('passport', 'national_id', 'driving_licence', 'other', 'company_registration')`,
    ),
    check(
      'document_certifications_company_address',
      sql`(${t.documentType} = 'company_registration') = (${t.registrationAddress} is not null)`,
    ),
  ],
);

/** Every review decision on a document certification (`npm run ops -- cert approve|reject d<id>`). */
export const documentCertificationReviews = pgTable(
  'document_certification_reviews',
  {
    id: serial('id').primaryKey(),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => documentCertifications.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<'approve' | 'reject'>().notNull(),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('document_certification_reviews_certification_id').on(t.certificationId),
    check('document_certification_reviews_decision', sql`${t.decision} in ('approve', 'reject')`),
  ],
);
