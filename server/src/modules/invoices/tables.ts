import type { InvoiceStatus, InvoiceTitleType, InvoiceType } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/bytea.ts';
import { memberUsers } from '../accounts/tables.ts';
import { rechargeOrders } from '../orders/tables.ts';
import { staticOrders } from '../static-ip/tables.ts';

/**
 * Invoice requests of paid orders, recharge (`order_id`) or static IP (`static_order_id`), exactly
 * one of the two, one row per request: a refused request stays (with its
 * reason) and a new row is the next request. `*_enc` columns hold AES-256-GCM ciphertext
 * (certification/crypto.ts), as the certification's credit code and bank account do.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /** The recharge order invoiced; null for a static IP order's invoice. */
    orderId: integer('order_id').references(() => rechargeOrders.id, { onDelete: 'cascade' }),
    /** The static IP order invoiced; null for a recharge order's invoice. */
    staticOrderId: integer('static_order_id').references(() => staticOrders.id, { onDelete: 'cascade' }),
    type: text('type').$type<InvoiceType>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull(),
    titleType: text('title_type').$type<InvoiceTitleType>().notNull(),
    title: text('title').notNull(),
    taxNumberEnc: text('tax_number_enc'),
    /** VAT special invoices only: the buyer's tax address, phone, bank and account. */
    taxAddress: text('tax_address'),
    taxPhone: text('tax_phone'),
    bankName: text('bank_name'),
    bankAccountEnc: text('bank_account_enc'),
    /** The order's payment amount (fee included) when requested, fen. */
    amountFen: integer('amount_fen').notNull(),
    /** The invoice_files row of the issued PDF. */
    pdfFile: text('pdf_file'),
    refusalReason: text('refusal_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // One live invoice per order: parallel requests for one order cannot both be stored.
    uniqueIndex('invoices_one_live_per_order').on(t.orderId).where(sql`${t.status} in ('requested', 'issued')`),
    uniqueIndex('invoices_one_live_per_static_order').on(t.staticOrderId).where(sql`${t.status} in ('requested', 'issued')`),
    index('invoices_user_order').on(t.userId, t.orderId),
    index('invoices_user_static_order').on(t.userId, t.staticOrderId),
    check('invoices_one_order', sql`num_nonnulls(${t.orderId}, ${t.staticOrderId}) = 1`),
    index('invoices_status_requested').on(t.requestedAt).where(sql`${t.status} = 'requested'`),
    check('invoices_type', sql`${t.type} in ('vat_special', 'ordinary')`),
    check('invoices_status', sql`${t.status} in ('requested', 'issued', 'refused')`),
    check('invoices_title_type', sql`${t.titleType} in ('personal', 'company')`),
    check('invoices_issued_has_pdf', sql`(${t.status} = 'issued') = (${t.pdfFile} is not null)`),
    check('invoices_refused_has_reason', sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`),
    check('invoices_decided', sql`(${t.status} = 'requested') = (${t.decidedAt} is null)`),
    check(
      'invoices_vat_special_fields',
      sql`${t.type} <> 'vat_special' or (${t.taxNumberEnc} is not null and ${t.taxAddress} is not null and ${t.taxPhone} is not null and ${t.bankName} is not null and ${t.bankAccountEnc} is not null)`,
    ),
  ],
);

/**
 * Issued invoice PDFs, sealed with the data key (AES-256-GCM) like the business licences
 * (licence_files): in the database, so any instance serves what another stored.
 */
export const invoiceFiles = pgTable('invoice_files', {
  /** 32 hex characters, random. */
  id: text('id').primaryKey(),
  sealed: bytea('sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
