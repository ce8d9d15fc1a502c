import {
  IdentificationStatus,
  type Invoice,
  InvoiceErrorCode,
  type invoiceRequestBody,
  type InvoiceOrderKind,
  type InvoiceStatus,
  type InvoiceType,
  invoiceTypeFor,
  PayStatus,
  staticInvoiceTypeFor,
} from '@portal/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/numbers.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberUsers } from '../accounts/tables.ts';
import { decryptField, encryptField } from '../certification/crypto.ts';
import { getEnterprise } from '../certification/service.ts';
import { getOwnOrder } from '../orders/service.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { getOwnOrder as getOwnStaticOrder } from '../static-ip/orders.ts';
import { staticOrders } from '../static-ip/tables.ts';
import { invoicePdfProblem, saveInvoicePdf } from './files.ts';
import { invoices } from './tables.ts';

/** Purposes (AAD) of the encrypted columns. */
const TAX_NUMBER = 'invoiceTaxNumber';
const BANK_ACCOUNT = 'invoiceBankAccount';

type InvoiceRow = typeof invoices.$inferSelect;
type RequestInput = z.output<typeof invoiceRequestBody>;

const LIVE: InvoiceStatus[] = ['requested', 'issued'];

const alreadyRequested = () => new BusinessError(InvoiceErrorCode.AlreadyRequested, 'invoice.alreadyRequested');

export function toInvoice(key: Buffer, row: InvoiceRow): Invoice {
  return {
    id: row.id,
    orderKind: row.staticOrderId === null ? 'recharge' : 'static',
    orderId: row.staticOrderId ?? (row.orderId as number),
    type: row.type,
    status: row.status,
    titleType: row.titleType,
    title: row.title,
    taxNumber: row.taxNumberEnc ? decryptField(key, row.taxNumberEnc, TAX_NUMBER) : null,
    amountFen: row.amountFen,
    refusalReason: row.refusalReason,
    requestedAt: row.requestedAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
  };
}

/** The invoices column that points at an order of this kind. */
const orderColumn = (kind: InvoiceOrderKind) => (kind === 'static' ? invoices.staticOrderId : invoices.orderId);

/** The user's paid order of either kind: what the invoice is of, its amount and its invoice type. */
async function invoiceableOrder(db: Db, key: Buffer, userId: number, kind: InvoiceOrderKind, orderId: number) {
  if (kind === 'static') {
    const order = await getOwnStaticOrder(db, userId, orderId);
    if (order.payStatus !== PayStatus.Paid) return null;
    const company = await getEnterprise(db, key, userId);
    const type: InvoiceType = staticInvoiceTypeFor(company?.status === IdentificationStatus.Success);
    return { ids: { orderId: null, staticOrderId: order.id }, amountFen: order.amountFen, type };
  }
  const order = await getOwnOrder(db, userId, orderId);
  if (order.payStatus !== PayStatus.Paid) return null;
  return {
    ids: { orderId: order.id, staticOrderId: null },
    amountFen: order.payAmountFen,
    type: invoiceTypeFor(order.accountType),
  };
}

/**
 * Requests the invoice of one of the user's paid orders. The kind follows the order (enterprise
 * recharge order, or a static IP order of a certified company: VAT special, to the approved
 * enterprise certification's company and credit code; otherwise ordinary). One live invoice per
 * order: checked first for a clear answer, and held by the partial unique indexes when requests race.
 */
export async function requestInvoice(db: Db, key: Buffer, now: Date, userId: number, body: RequestInput): Promise<Invoice> {
  const order = await invoiceableOrder(db, key, userId, body.orderKind, body.orderId);
  if (!order) throw new BusinessError(InvoiceErrorCode.OrderNotPaid, 'invoice.orderNotPaid');
  if (order.type !== body.type) throw new BusinessError(InvoiceErrorCode.WrongType, 'invoice.wrongType');
  const [live] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(orderColumn(body.orderKind), body.orderId), inArray(invoices.status, LIVE)));
  if (live) throw alreadyRequested();

  let values: typeof invoices.$inferInsert;
  const common = { userId, ...order.ids, status: 'requested' as const, amountFen: order.amountFen, requestedAt: now };
  if (body.type === 'vat_special') {
    const company = await getEnterprise(db, key, userId);
    if (company?.status !== IdentificationStatus.Success)
      throw new BusinessError(InvoiceErrorCode.CertificationRequired, 'invoice.certificationRequired');
    values = {
      ...common,
      type: 'vat_special',
      titleType: 'company',
      title: company.companyName,
      taxNumberEnc: encryptField(key, company.unifiedSocialCreditCode, TAX_NUMBER),
      taxAddress: body.taxAddress,
      taxPhone: body.taxPhone,
      bankName: body.bankName,
      bankAccountEnc: encryptField(key, body.bankAccount, BANK_ACCOUNT),
    };
  } else {
    values = {
      ...common,
      type: 'ordinary',
      titleType: body.titleType,
      title: body.title,
      taxNumberEnc: body.taxNumber ? encryptField(key, body.taxNumber, TAX_NUMBER) : null,
    };
  }
  try {
    const [row] = await db.insert(invoices).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return toInvoice(key, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRequested();
    throw err;
  }
}

/** The latest invoice of each of the given orders of one kind that belong to the user. */
export async function invoicesOfOrders(
  db: Db,
  key: Buffer,
  userId: number,
  orderIds: number[],
  kind: InvoiceOrderKind = 'recharge',
): Promise<Invoice[]> {
  if (orderIds.length === 0) return [];
  const column = orderColumn(kind);
  const rows = await db
    .selectDistinctOn([column])
    .from(invoices)
    .where(and(eq(invoices.userId, userId), inArray(column, orderIds)))
    .orderBy(column, desc(invoices.id));
  return rows.map((row) => toInvoice(key, row));
}

/** The order number of an invoice's order, whichever kind it is. */
const invoiceOrderNo = sql<string>`coalesce(${rechargeOrders.orderNo}, ${staticOrders.orderNo})`;

/** The PDF of one of the user's issued invoices, with its order number (the file name), or null. */
export async function ownIssuedPdf(db: Db, userId: number, invoiceId: number): Promise<{ file: string; orderNo: string } | null> {
  const [row] = await db
    .select({ file: invoices.pdfFile, orderNo: invoiceOrderNo })
    .from(invoices)
    .leftJoin(rechargeOrders, eq(rechargeOrders.id, invoices.orderId))
    .leftJoin(staticOrders, eq(staticOrders.id, invoices.staticOrderId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId), eq(invoices.status, 'issued')));
  return row?.file ? { file: row.file, orderNo: row.orderNo } : null;
}

/** Everything an operator needs to issue the invoice (decrypted). */
export interface InvoiceListItem {
  id: number;
  status: InvoiceStatus;
  type: InvoiceRow['type'];
  userId: number;
  login: string;
  orderKind: InvoiceOrderKind;
  orderNo: string;
  amountFen: number;
  title: string;
  taxNumber: string | null;
  taxAddress: string | null;
  taxPhone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  refusalReason: string | null;
  requestedAt: Date;
}

/** Invoices for the operators, oldest first; only those waiting unless `all`. */
export async function listInvoices(db: Db, key: Buffer, { all = false }: { all?: boolean } = {}): Promise<InvoiceListItem[]> {
  const where: SQL | undefined = all ? undefined : eq(invoices.status, 'requested');
  const rows = await db
    .select({
      invoice: invoices,
      orderNo: invoiceOrderNo,
      mobile: memberUsers.mobile,
      email: memberUsers.email,
    })
    .from(invoices)
    .leftJoin(rechargeOrders, eq(rechargeOrders.id, invoices.orderId))
    .leftJoin(staticOrders, eq(staticOrders.id, invoices.staticOrderId))
    .innerJoin(memberUsers, eq(memberUsers.id, invoices.userId))
    .where(where)
    .orderBy(invoices.requestedAt, invoices.id);
  return rows.map(({ invoice: r, orderNo, mobile, email }) => ({
    id: r.id,
    status: r.status,
    type: r.type,
    userId: r.userId,
    login: mobile ?? email ?? '',
    orderKind: r.staticOrderId === null ? 'recharge' : 'static',
    orderNo,
    amountFen: r.amountFen,
    title: r.title,
    taxNumber: r.taxNumberEnc ? decryptField(key, r.taxNumberEnc, TAX_NUMBER) : null,
    taxAddress: r.taxAddress,
    taxPhone: r.taxPhone,
    bankName: r.bankName,
    bankAccount: r.bankAccountEnc ? decryptField(key, r.bankAccountEnc, BANK_ACCOUNT) : null,
    refusalReason: r.refusalReason,
    requestedAt: r.requestedAt,
  }));
}

/** An operator decision that cannot be taken: unknown id, not waiting, or a bad file. */
export class InvoiceDecisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceDecisionError';
  }
}

export type InvoiceDecision = { decision: 'issue'; pdf: Buffer } | { decision: 'refuse'; reason: string };

/**
 * Issues (with the PDF, stored sealed) or refuses (with the reason the user is shown) an invoice
 * waiting for it. Under the row lock, so two operators cannot both decide; a refused order may be
 * requested again.
 */
export async function decideInvoice(db: Db, key: Buffer, id: number, decision: InvoiceDecision, now: Date): Promise<InvoiceRow> {
  if (decision.decision === 'issue') {
    const problem = invoicePdfProblem(decision.pdf);
    if (problem) throw new InvoiceDecisionError(`the invoice file is refused: ${problem}`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw new InvoiceDecisionError(`no invoice with id ${id}`);
    if (row.status !== 'requested') throw new InvoiceDecisionError(`invoice ${id} is not waiting (status ${row.status})`);
    const set =
      decision.decision === 'issue'
        ? { status: 'issued' as const, pdfFile: await saveInvoicePdf(tx, key, decision.pdf), decidedAt: now }
        : { status: 'refused' as const, refusalReason: decision.reason, decidedAt: now };
    const [updated] = await tx.update(invoices).set(set).where(eq(invoices.id, id)).returning();
    return updated as InvoiceRow;
  });
}
