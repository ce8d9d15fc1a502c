import {
  CertificationType,
  type DocumentCertInfo,
  type DocumentKind,
  type EnterpriseCertInfo,
  IdentificationStatus,
  type LicenceType,
  type PersonalCertInfo,
} from '@portal/shared';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { rowChanged } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { memberUsers } from '../accounts/tables.ts';
import { recordCertification } from '../accounts/users.ts';
import { decryptField, idCardHash } from './crypto.ts';
import {
  certificationReviews,
  documentCertificationReviews,
  documentCertifications,
  enterpriseCertifications,
  personalCertifications,
} from './tables.ts';

// Reading certifications (the owner's masked view, the operators' lists) and reviewing enterprise
// ones; submitting them is submission.ts.

/** Purposes (AAD) of the encrypted columns. */
export const ID_CARD = 'idCard';
export const CREDIT_CODE = 'unifiedSocialCreditCode';
export const BANK_ACCOUNT = 'bankAccount';
export const DOCUMENT_NUMBER = 'documentNumber';

/** `110101199003074477` → `110101********4477`: region and the last 4 only. */
export function maskIdCard(id: string): string {
  return id.length <= 10 ? '*'.repeat(id.length) : `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

/** `6222021234567890123` → `***************0123`: the last 4 digits only. */
export function maskBankAccount(account: string): string {
  return account.length <= 4 ? '*'.repeat(account.length) : `${'*'.repeat(account.length - 4)}${account.slice(-4)}`;
}

export async function getPersonal(db: Db, key: Buffer, userId: number): Promise<PersonalCertInfo | null> {
  const [row] = await db
    .select()
    .from(personalCertifications)
    .where(eq(personalCertifications.userId, userId))
    .orderBy(desc(personalCertifications.id))
    .limit(1);
  if (!row) return null;
  return {
    realName: row.realName,
    idCard: maskIdCard(decryptField(key, row.idCardEnc, ID_CARD)),
    status: row.status,
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * Fills in the ID card hash of rows stored before it existed (decrypting each number once). Run at
 * start; idempotent, so several instances may run it at once. Returns how many rows it filled.
 */
export async function backfillIdCardHashes(db: Db, key: Buffer): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: personalCertifications.id, idCardEnc: personalCertifications.idCardEnc })
      .from(personalCertifications)
      .where(isNull(personalCertifications.idCardHash))
      .orderBy(personalCertifications.id)
      .limit(500);
    if (rows.length === 0) return filled;
    for (const row of rows) {
      const hash = idCardHash(key, decryptField(key, row.idCardEnc, ID_CARD));
      await db
        .update(personalCertifications)
        .set({ idCardHash: hash })
        .where(and(eq(personalCertifications.id, row.id), isNull(personalCertifications.idCardHash)));
      filled += 1;
    }
  }
}

export interface PersonalListItem {
  id: number;
  userId: number;
  mobile: string | null;
  email: string | null;
  realName: string;
  /** Masked, as the owner sees it. */
  idCard: string;
  status: IdentificationStatus;
  createdAt: Date;
}

/** Every personal certification made with the ID card number of this hash, oldest first (ops). */
export async function listPersonalByIdCardHash(db: Db, key: Buffer, hash: string): Promise<PersonalListItem[]> {
  const rows = await db
    .select({
      id: personalCertifications.id,
      userId: personalCertifications.userId,
      mobile: memberUsers.mobile,
      email: memberUsers.email,
      realName: personalCertifications.realName,
      idCardEnc: personalCertifications.idCardEnc,
      status: personalCertifications.status,
      createdAt: personalCertifications.createdAt,
    })
    .from(personalCertifications)
    .innerJoin(memberUsers, eq(memberUsers.id, personalCertifications.userId))
    .where(eq(personalCertifications.idCardHash, hash))
    .orderBy(personalCertifications.createdAt, personalCertifications.id);
  return rows.map(({ idCardEnc, ...row }) => ({ ...row, idCard: maskIdCard(decryptField(key, idCardEnc, ID_CARD)) }));
}

type EnterpriseRow = typeof enterpriseCertifications.$inferSelect;

async function latestEnterprise(db: Db, userId: number): Promise<EnterpriseRow | null> {
  const [row] = await db
    .select()
    .from(enterpriseCertifications)
    .where(eq(enterpriseCertifications.userId, userId))
    .orderBy(desc(enterpriseCertifications.id))
    .limit(1);
  return row ?? null;
}

export async function getEnterprise(db: Db, key: Buffer, userId: number): Promise<EnterpriseCertInfo | null> {
  const row = await latestEnterprise(db, userId);
  if (!row) return null;
  return {
    companyName: row.companyName,
    contactPhone: row.contactPhone,
    unifiedSocialCreditCode: decryptField(key, row.creditCodeEnc, CREDIT_CODE),
    bankName: row.bankName,
    bankAccount: maskBankAccount(decryptField(key, row.bankAccountEnc, BANK_ACCOUNT)),
    registrationAddress: row.registrationAddress,
    registrationPhone: row.registrationPhone,
    hasLicence: row.licenceFile !== '',
    status: row.status,
    failureReason: row.failureReason,
    submittedAt: row.submittedAt.getTime(),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
  };
}

/** The licence file of the user's latest enterprise submission, or null. */
export async function ownLicence(db: Db, userId: number): Promise<{ file: string; type: LicenceType } | null> {
  const row = await latestEnterprise(db, userId);
  return row ? { file: row.licenceFile, type: row.licenceType as LicenceType } : null;
}

export async function licenceOf(db: Db, certificationId: number): Promise<{ file: string; type: LicenceType } | null> {
  const [row] = await db
    .select({ file: enterpriseCertifications.licenceFile, type: enterpriseCertifications.licenceType })
    .from(enterpriseCertifications)
    .where(eq(enterpriseCertifications.id, certificationId));
  return row ? { file: row.file, type: row.type as LicenceType } : null;
}

export interface EnterpriseListItem {
  id: number;
  userId: number;
  mobile: string | null;
  email: string | null;
  companyName: string;
  submittedAt: Date;
  status: IdentificationStatus;
  failureReason: string | null;
}

/** Enterprise submissions for the reviewers, oldest first; only those waiting unless `all`. */
export async function listEnterprise(db: Db, { all = false }: { all?: boolean } = {}): Promise<EnterpriseListItem[]> {
  const where: SQL | undefined = all ? undefined : eq(enterpriseCertifications.status, IdentificationStatus.Auditing);
  return db
    .select({
      id: enterpriseCertifications.id,
      userId: enterpriseCertifications.userId,
      mobile: memberUsers.mobile,
      email: memberUsers.email,
      companyName: enterpriseCertifications.companyName,
      submittedAt: enterpriseCertifications.submittedAt,
      status: enterpriseCertifications.status,
      failureReason: enterpriseCertifications.failureReason,
    })
    .from(enterpriseCertifications)
    .innerJoin(memberUsers, eq(memberUsers.id, enterpriseCertifications.userId))
    .where(where)
    .orderBy(enterpriseCertifications.submittedAt, enterpriseCertifications.id);
}

/** A review that cannot be taken: unknown id, or not waiting for review. */
export class ReviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewError';
  }
}

export type ReviewDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/**
 * An operator's decision on an enterprise submission waiting for review: status 3 Success or 4 Fail
 * (with the reason), the user's identification status follows, and the decision is recorded.
 */
export async function reviewEnterprise(db: Db, id: number, review: ReviewDecision, now: Date): Promise<EnterpriseRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(enterpriseCertifications).where(eq(enterpriseCertifications.id, id)).for('update');
    if (!row) throw new ReviewError(`no enterprise certification with id ${id}`);
    if (row.status !== IdentificationStatus.Auditing)
      throw new ReviewError(`certification ${id} is not waiting for review (status ${statusName(row.status)})`);
    const status = review.decision === 'approve' ? IdentificationStatus.Success : IdentificationStatus.Fail;
    const reason = review.decision === 'reject' ? review.reason : null;
    const [updated] = await tx
      .update(enterpriseCertifications)
      .set({ status, failureReason: reason, reviewedAt: now })
      .where(and(eq(enterpriseCertifications.id, id), eq(enterpriseCertifications.status, IdentificationStatus.Auditing)))
      .returning();
    await tx.insert(certificationReviews).values({ certificationId: id, decision: review.decision, reason, decidedAt: now });
    await recordCertification(tx, row.userId, { identificationStatus: status, certificationType: CertificationType.Enterprise });
    return updated as EnterpriseRow;
  });
}

/** `X12345678` → `*****5678`: a person's document number shows its last 4 characters only. */
export function maskDocumentNumber(printed: string): string {
  const number = printed.replace(/\s+/g, '');
  return number.length <= 4 ? '*'.repeat(number.length) : `${'*'.repeat(number.length - 4)}${number.slice(-4)}`;
}

type DocumentRow = typeof documentCertifications.$inferSelect;

async function latestDocument(db: Db, userId: number): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documentCertifications)
    .where(eq(documentCertifications.userId, userId))
    .orderBy(desc(documentCertifications.id))
    .limit(1);
  return row ?? null;
}

/** The user's latest document certification as they see it: a person's number masked, a company's in full. */
export async function getDocument(db: Db, key: Buffer, userId: number): Promise<DocumentCertInfo | null> {
  const row = await latestDocument(db, userId);
  if (!row) return null;
  const number = decryptField(key, row.numberEnc, DOCUMENT_NUMBER);
  return {
    documentType: row.documentType,
    country: row.country,
    name: row.holderName,
    number: row.documentType === 'company_registration' ? number : maskDocumentNumber(number),
    registrationAddress: row.registrationAddress,
    status: row.status,
    failureReason: row.failureReason,
    submittedAt: row.submittedAt.getTime(),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
  };
}

/** The document file of the user's latest document certification, or null. */
export async function ownDocumentFile(db: Db, userId: number): Promise<{ file: string; type: LicenceType } | null> {
  const row = await latestDocument(db, userId);
  return row ? { file: row.documentFile, type: row.documentFileType } : null;
}

export async function documentFileOf(
  db: Db,
  certificationId: number,
): Promise<{ file: string; type: LicenceType; documentType: DocumentKind } | null> {
  const [row] = await db
    .select({
      file: documentCertifications.documentFile,
      type: documentCertifications.documentFileType,
      documentType: documentCertifications.documentType,
    })
    .from(documentCertifications)
    .where(eq(documentCertifications.id, certificationId));
  return row ?? null;
}

export interface DocumentListItem {
  id: number;
  userId: number;
  mobile: string | null;
  email: string | null;
  documentType: DocumentKind;
  country: string;
  holderName: string;
  /** In full, for the reviewer to compare with the document. */
  number: string;
  /** Other accounts with a document certification of the same document (any status). */
  otherAccounts: number;
  submittedAt: Date;
  status: IdentificationStatus;
  failureReason: string | null;
}

/** Document submissions for the reviewers, oldest first; only those waiting unless `all`. */
export async function listDocuments(db: Db, key: Buffer, { all = false }: { all?: boolean } = {}): Promise<DocumentListItem[]> {
  const where: SQL | undefined = all ? undefined : eq(documentCertifications.status, IdentificationStatus.Auditing);
  const others = sql<number>`(select count(distinct o.user_id)::int from document_certifications o
    where o.number_hash = ${documentCertifications.numberHash} and o.user_id <> ${documentCertifications.userId})`;
  const rows = await db
    .select({
      id: documentCertifications.id,
      userId: documentCertifications.userId,
      mobile: memberUsers.mobile,
      email: memberUsers.email,
      documentType: documentCertifications.documentType,
      country: documentCertifications.country,
      holderName: documentCertifications.holderName,
      numberEnc: documentCertifications.numberEnc,
      otherAccounts: others,
      submittedAt: documentCertifications.submittedAt,
      status: documentCertifications.status,
      failureReason: documentCertifications.failureReason,
    })
    .from(documentCertifications)
    .innerJoin(memberUsers, eq(memberUsers.id, documentCertifications.userId))
    .where(where)
    .orderBy(documentCertifications.submittedAt, documentCertifications.id);
  return rows.map(({ numberEnc, ...row }) => ({
    ...row,
    otherAccounts: Number(row.otherAccounts),
    number: decryptField(key, numberEnc, DOCUMENT_NUMBER),
  }));
}

/**
 * An operator's decision on a document submission waiting for review, as reviewEnterprise: the
 * user's status follows (the type stays the one of the submission) and the decision is recorded.
 */
export async function reviewDocument(db: Db, id: number, review: ReviewDecision, now: Date): Promise<DocumentRow> {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(documentCertifications).where(eq(documentCertifications.id, id)).for('update');
    if (!row) throw new ReviewError(`no document certification with id d${id}`);
    if (row.status !== IdentificationStatus.Auditing)
      throw new ReviewError(`certification d${id} is not waiting for review (status ${statusName(row.status)})`);
    const status = review.decision === 'approve' ? IdentificationStatus.Success : IdentificationStatus.Fail;
    const reason = review.decision === 'reject' ? review.reason : null;
    const [updated] = await tx
      .update(documentCertifications)
      .set({ status, failureReason: reason, reviewedAt: now })
      .where(and(eq(documentCertifications.id, id), eq(documentCertifications.status, IdentificationStatus.Auditing)))
      .returning();
    await tx
      .insert(documentCertificationReviews)
      .values({ certificationId: id, decision: review.decision, reason, decidedAt: now });
    await recordCertification(tx, row.userId, {
      identificationStatus: status,
      certificationType: row.documentType === 'company_registration' ? CertificationType.Enterprise : CertificationType.Personal,
    });
    return updated as DocumentRow;
  });
  // This process (ops over the socket, tests) drops the member at once; other instances hear the trigger's notification.
  rowChanged(db, 'member', done.userId);
  return done;
}

const STATUS_NAMES: Record<IdentificationStatus, string> = {
  0: 'pending',
  1: 'auditing',
  2: 'pickup',
  3: 'success',
  4: 'fail',
};
export const statusName = (status: IdentificationStatus) => STATUS_NAMES[status];
