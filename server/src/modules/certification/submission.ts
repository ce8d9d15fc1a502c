import {
  CertificationErrorCode,
  CertificationType,
  type DocumentKind,
  IdentificationStatus,
  type LicenceType,
} from '@portal/shared';
import { and, countDistinct, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowChanged } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberUsers } from '../accounts/tables.ts';
import { recordCertification } from '../accounts/users.ts';
import { documentHash, encryptField, idCardHash } from './crypto.ts';
import { BANK_ACCOUNT, CREDIT_CODE, DOCUMENT_NUMBER, ID_CARD } from './service.ts';
import { documentCertifications, enterpriseCertifications, personalCertifications } from './tables.ts';
import { type IdentityVerifier, VerifierUnavailableError } from './verifier.ts';

// Submitting a certification, personal or enterprise: the locks and limits that keep one user to one
// open submission and one ID card number to its accounts. Reading and reviewing them is service.ts.

/** While a certification is under review or approved, nothing can be submitted (SPEC section 4). */
const isLocked = (status: IdentificationStatus) =>
  status === IdentificationStatus.Auditing || status === IdentificationStatus.Success;

const locked = () => new BusinessError(CertificationErrorCode.Locked, 'cert.locked');

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Locks the user's row for the transaction and refuses when their certification is locked. */
async function lockUnlessOpen(tx: Tx, userId: number): Promise<void> {
  const [user] = await tx
    .select({ status: memberUsers.identificationStatus })
    .from(memberUsers)
    .where(eq(memberUsers.id, userId))
    .for('update');
  if (!user) throw new BusinessError(401, 'error.unauthorized');
  if (isLocked(user.status)) throw locked();
}

/** Early answer before slow work (verifier call, file write); rechecked under the row lock. */
export async function assertCanSubmit(db: Db, userId: number): Promise<void> {
  const [user] = await db
    .select({ status: memberUsers.identificationStatus })
    .from(memberUsers)
    .where(eq(memberUsers.id, userId));
  if (user && isLocked(user.status)) throw locked();
}

export interface PersonalSubmission {
  userId: number;
  realName: string;
  /** Normalized (upper-case X), format already checked. */
  idCard: string;
}

/** The ID card number certifies as many accounts as it may; says nothing about those accounts. */
export class IdCardLimitError extends BusinessError {
  constructor(readonly idCardHash: string) {
    super(CertificationErrorCode.IdCardLimit, 'cert.idCardLimit');
  }
}

/** Other accounts certified with this ID card number (personal, approved). */
async function accountsOfIdCard(db: Db | Tx, hash: string, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(personalCertifications.userId) })
    .from(personalCertifications)
    .where(
      and(
        eq(personalCertifications.idCardHash, hash),
        eq(personalCertifications.status, IdentificationStatus.Success),
        ne(personalCertifications.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Namespace of the transaction-scoped advisory locks on ID card hashes (the two-number form, so it
 * never meets the single-number migration lock).
 */
const ID_CARD_LOCK_SPACE = 8_008;
/** The second lock number: 32 bits of the hash (collisions only make two numbers wait for each other). */
const lockNumber = (hash: string) => Number.parseInt(hash.slice(0, 8), 16) | 0;

/**
 * Personal certification: checked by the identity verifier and, when the name matches, approved at
 * once (status 3 Success, type 0 Personal). One ID card number certifies at most
 * `maxAccountsPerIdCard` accounts: counted before the verifier is paid for, and again in the insert
 * transaction under an advisory lock on the number's hash, so parallel submissions cannot exceed it.
 */
export async function submitPersonal(
  db: Db,
  {
    key,
    verifier,
    now,
    maxAccountsPerIdCard,
  }: { key: Buffer; verifier: IdentityVerifier | null; now: Date; maxAccountsPerIdCard: number },
  { userId, realName, idCard }: PersonalSubmission,
): Promise<void> {
  await assertCanSubmit(db, userId);
  const hash = idCardHash(key, idCard);
  if ((await accountsOfIdCard(db, hash, userId)) >= maxAccountsPerIdCard) throw new IdCardLimitError(hash);
  if (!verifier) throw new BusinessError(CertificationErrorCode.VerifierUnavailable, 'cert.verifierUnavailable');
  let result: Awaited<ReturnType<IdentityVerifier['verify']>>;
  try {
    result = await verifier.verify({ realName, idCard });
  } catch (err) {
    if (err instanceof VerifierUnavailableError)
      throw Object.assign(new BusinessError(CertificationErrorCode.VerifierUnavailable, 'cert.verifierUnavailable'), {
        cause: err,
      });
    throw err;
  }
  if (result !== 'match') throw new BusinessError(CertificationErrorCode.NameMismatch, 'cert.nameMismatch');
  await db.transaction(async (tx) => {
    await lockUnlessOpen(tx, userId);
    // Held until commit: a parallel submission of the same number counts after this one's insert.
    await tx.execute(sql`select pg_advisory_xact_lock(${ID_CARD_LOCK_SPACE}, ${lockNumber(hash)})`);
    if ((await accountsOfIdCard(tx, hash, userId)) >= maxAccountsPerIdCard) throw new IdCardLimitError(hash);
    await tx.insert(personalCertifications).values({
      userId,
      realName,
      idCardEnc: encryptField(key, idCard, ID_CARD),
      idCardHash: hash,
      status: IdentificationStatus.Success,
      createdAt: now,
    });
    await recordCertification(tx, userId, {
      identificationStatus: IdentificationStatus.Success,
      certificationType: CertificationType.Personal,
    });
  });
  // The certification page reads the member's status next, maybe before the notification arrives.
  rowChanged(db, 'member', userId);
}

export interface EnterpriseSubmission {
  userId: number;
  companyName: string;
  contactPhone: string;
  unifiedSocialCreditCode: string;
  bankName: string;
  bankAccount: string;
  registrationAddress: string;
  registrationPhone: string;
  licenceFile: string;
  licenceType: LicenceType;
}

/** Enterprise certification: waits for manual review (status 1 Auditing, type 1 Enterprise). */
export async function submitEnterprise(db: Db, { key, now }: { key: Buffer; now: Date }, s: EnterpriseSubmission): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUnlessOpen(tx, s.userId);
    await tx.insert(enterpriseCertifications).values({
      userId: s.userId,
      companyName: s.companyName,
      contactPhone: s.contactPhone,
      creditCodeEnc: encryptField(key, s.unifiedSocialCreditCode, CREDIT_CODE),
      bankName: s.bankName,
      bankAccountEnc: encryptField(key, s.bankAccount, BANK_ACCOUNT),
      registrationAddress: s.registrationAddress,
      registrationPhone: s.registrationPhone,
      licenceFile: s.licenceFile,
      licenceType: s.licenceType,
      status: IdentificationStatus.Auditing,
      submittedAt: now,
    });
    await recordCertification(tx, s.userId, {
      identificationStatus: IdentificationStatus.Auditing,
      certificationType: CertificationType.Enterprise,
    });
  });
  rowChanged(db, 'member', s.userId);
}

export interface DocumentSubmission {
  userId: number;
  /** A person's document type, or `company_registration`. */
  documentType: DocumentKind;
  country: string;
  /** The name as on the document, or the company's name. */
  holderName: string;
  number: string;
  /** Companies only. */
  registrationAddress: string | null;
  documentFile: string;
  documentFileType: LicenceType;
}

/** The person's document is in use (under review or approved) on as many other accounts as it may be. */
export class DocumentLimitError extends BusinessError {
  constructor(readonly documentHash: string) {
    super(CertificationErrorCode.DocumentLimit, 'cert.documentLimit');
  }
}

/** The lock space of document hashes (beside the ID card numbers' 8_008). */
const DOCUMENT_LOCK_SPACE = 8_009;

/** Other accounts whose document certification of this hash is under review or approved. */
async function accountsOfDocument(tx: Tx, hash: string, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: countDistinct(documentCertifications.userId) })
    .from(documentCertifications)
    .where(
      and(
        eq(documentCertifications.numberHash, hash),
        inArray(documentCertifications.status, [IdentificationStatus.Auditing, IdentificationStatus.Success]),
        ne(documentCertifications.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Certification by document: waits for manual review (status 1 Auditing) like an enterprise; a
 * person's counts as type 0 Personal, a company's as 1 Enterprise. A person's document certifies at
 * most `maxAccountsPerDocument` accounts (the ID card limit), counting those under review too, so
 * the reviewer never sees more: counted under an advisory lock on the document's hash, in the
 * insert transaction, so parallel submissions cannot pass it. Companies have no such limit (several
 * accounts of one company are normal, as with mainland enterprises).
 */
export async function submitDocument(
  db: Db,
  { key, now, maxAccountsPerDocument }: { key: Buffer; now: Date; maxAccountsPerDocument: number },
  s: DocumentSubmission,
): Promise<void> {
  const company = s.documentType === 'company_registration';
  const hash = documentHash(key, { subject: company ? 'company' : 'person', country: s.country, number: s.number });
  await db.transaction(async (tx) => {
    await lockUnlessOpen(tx, s.userId);
    if (!company) {
      await tx.execute(sql`select pg_advisory_xact_lock(${DOCUMENT_LOCK_SPACE}, ${lockNumber(hash)})`);
      if ((await accountsOfDocument(tx, hash, s.userId)) >= maxAccountsPerDocument) throw new DocumentLimitError(hash);
    }
    await tx.insert(documentCertifications).values({
      userId: s.userId,
      documentType: s.documentType,
      country: s.country,
      holderName: s.holderName,
      numberEnc: encryptField(key, s.number, DOCUMENT_NUMBER),
      numberHash: hash,
      registrationAddress: s.registrationAddress,
      documentFile: s.documentFile,
      documentFileType: s.documentFileType,
      status: IdentificationStatus.Auditing,
      submittedAt: now,
    });
    await recordCertification(tx, s.userId, {
      identificationStatus: IdentificationStatus.Auditing,
      certificationType: company ? CertificationType.Enterprise : CertificationType.Personal,
    });
  });
  rowChanged(db, 'member', s.userId);
}
