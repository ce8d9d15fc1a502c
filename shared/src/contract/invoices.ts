import { z } from 'zod';
import { OrderAccountType } from '../commerce/pricing.ts';
import { isValidChineseIdCard, isValidUscc } from '../validation/china-ids.ts';
import { bankAccountNumber, lengthBetween, phoneNumber } from './certification.ts';
import { defineApi } from './define.ts';
import { id, INT4_MAX, inQuery } from './primitives.ts';

/**
 * Invoices of paid orders (decision 0026): an enterprise recharge order gets a VAT special invoice
 * (增值税专用发票) issued to the certified company, a personal one an ordinary electronic invoice
 * (普通电子发票). Static IP orders carry no account type: the certified company gets the VAT special
 * invoice, everyone else the ordinary one. One open or issued invoice per order; operators issue or
 * refuse with the ops CLI.
 */

/** Business codes of invoices (commerce module 008, `1_008_005_NNN`). */
export const InvoiceErrorCode = {
  /** The order already has an invoice requested or issued. */
  AlreadyRequested: 1_008_005_000,
  /** Only paid orders are invoiced. */
  OrderNotPaid: 1_008_005_001,
  /** A VAT special invoice goes to the certified company: enterprise certification must be approved. */
  CertificationRequired: 1_008_005_002,
  /** The invoice type does not belong to the order (VAT special: enterprise orders; ordinary: personal). */
  WrongType: 1_008_005_003,
} as const;

export const INVOICE_TYPES = ['vat_special', 'ordinary'] as const;
export const invoiceType = z.enum(INVOICE_TYPES);
export type InvoiceType = z.output<typeof invoiceType>;

export const INVOICE_STATUSES = ['requested', 'issued', 'refused'] as const;
export const invoiceStatus = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.output<typeof invoiceStatus>;

/** The invoice an order comes with: enterprise orders paid the VAT invoice fee (decision 0009). */
export const invoiceTypeFor = (accountType: OrderAccountType): InvoiceType =>
  accountType === OrderAccountType.Enterprise ? 'vat_special' : 'ordinary';

/** The kinds of order invoiced: dynamic traffic (recharge orders) and static IPs. */
export const INVOICE_ORDER_KINDS = ['recharge', 'static'] as const;
export const invoiceOrderKind = z.enum(INVOICE_ORDER_KINDS);
export type InvoiceOrderKind = z.output<typeof invoiceOrderKind>;

/**
 * The invoice a static IP order comes with: it has no account type, so the buyer's certification
 * decides, as it does for recharge orders placed as a company: an approved enterprise certification
 * gets the VAT special invoice (to that company), anyone else the ordinary one.
 */
export const staticInvoiceTypeFor = (enterpriseApproved: boolean): InvoiceType =>
  enterpriseApproved ? 'vat_special' : 'ordinary';

/** Which kind of order an invoice request or list is about; recharge orders when not said (older clients). */
const orderKindField = invoiceOrderKind.default('recharge');

/** The issued invoice file: a PDF (checked by its bytes) of at most 10 MB. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;

export const invoiceTitleType = z.enum(['personal', 'company']);
export type InvoiceTitleType = z.output<typeof invoiceTitleType>;

/**
 * A VAT special invoice: title and taxpayer number are the approved enterprise certification's (the
 * server takes them from there); the buyer's tax address, phone, bank and account are asked.
 */
export const vatSpecialInvoiceBody = z.object({
  type: z.literal('vat_special'),
  orderKind: orderKindField,
  orderId: id,
  taxAddress: lengthBetween(2, 200, 'validation.taxAddress'),
  taxPhone: phoneNumber,
  bankName: lengthBetween(2, 100, 'validation.bankName'),
  bankAccount: bankAccountNumber,
});

/** Empty (after trimming) becomes undefined: an optional field left blank in a form. */
const optionalTaxNumber = z
  .string()
  .trim()
  .toUpperCase()
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * An ordinary electronic invoice: to a person (their name; taxpayer number optional, a person's is
 * the ID card number) or to a company (its name and unified social credit code, required).
 */
export const ordinaryInvoiceBody = z
  .object({
    type: z.literal('ordinary'),
    orderKind: orderKindField,
    orderId: id,
    titleType: invoiceTitleType,
    title: lengthBetween(2, 100, 'validation.invoiceTitle'),
    taxNumber: optionalTaxNumber,
  })
  .superRefine((body, ctx) => {
    const n = body.taxNumber;
    const ok =
      body.titleType === 'company'
        ? n !== undefined && isValidUscc(n)
        : n === undefined || isValidUscc(n) || isValidChineseIdCard(n);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['taxNumber'], message: 'validation.taxNumber' });
  });

export const invoiceRequestBody = z.discriminatedUnion('type', [vatSpecialInvoiceBody, ordinaryInvoiceBody]);
export type InvoiceRequestBody = z.input<typeof invoiceRequestBody>;

/** An invoice as its owner sees it. */
export const invoice = z.object({
  id: z.number().int(),
  orderKind: invoiceOrderKind,
  /** The id of the recharge order or the static IP order (`orderKind`). */
  orderId: z.number().int(),
  type: invoiceType,
  status: invoiceStatus,
  titleType: invoiceTitleType,
  title: z.string(),
  taxNumber: z.string().nullable(),
  /** The amount invoiced: what the order cost, fee included (fen). */
  amountFen: z.number().int(),
  /** Why the operator refused it (status refused): shown to the user, who may request again. */
  refusalReason: z.string().nullable(),
  /** Epoch ms. */
  requestedAt: z.number().int(),
  /** Epoch ms of the issue or refusal; null while requested. */
  decidedAt: z.number().int().nullable(),
});
export type Invoice = z.output<typeof invoice>;

/** At most one page of the order list at once. */
export const INVOICE_LIST_MAX_ORDERS = 100;

export const invoiceListQuery = z.object({
  orderKind: orderKindField,
  /** Order ids, comma-separated (the rows of one page of the order list). */
  orderIds: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().int().positive().max(INT4_MAX)).max(INVOICE_LIST_MAX_ORDERS)),
});

export const invoiceIdQuery = z.object({ id: inQuery.id });

/**
 * `GET ?id=<invoice id>` (bearer token): the caller's own issued invoice as `application/pdf`, an
 * attachment never kept by shared caches; not JSON, so not an `api` entry. Another user's invoice,
 * or one not issued, is the usual envelope with HTTP 404.
 */
export const INVOICE_DOWNLOAD_PATH = '/app-api/ip/invoice/download';

export const invoiceApi = {
  invoiceRequest: defineApi({
    method: 'POST',
    path: '/app-api/ip/invoice/create',
    summary:
      'Requests the invoice of one of the caller\'s paid orders (orderKind "recharge" or "static"): "vat_special" for enterprise recharge orders and, for static IP orders, when the caller\'s enterprise certification is approved (title and taxpayer number from it), "ordinary" otherwise; one per order unless refused',
    tags: ['invoices'],
    auth: true,
    body: invoiceRequestBody,
    data: invoice,
  }),
  invoiceList: defineApi({
    method: 'GET',
    path: '/app-api/ip/invoice/list',
    summary:
      "The latest invoice of each of the given orders (of orderKind, recharge by default) of the caller's (orders without one are left out)",
    tags: ['invoices'],
    auth: true,
    query: invoiceListQuery,
    data: z.array(invoice),
  }),
};
