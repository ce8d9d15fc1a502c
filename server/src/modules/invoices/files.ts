import { randomBytes } from 'node:crypto';
import { INVOICE_PDF_MAX_BYTES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { decryptBytes, encryptBytes } from '../certification/crypto.ts';
import { invoiceFiles } from './tables.ts';

const PURPOSE = 'invoicePdf';

/**
 * Why `data` is not an invoice PDF we accept, or null. By its bytes, not its name: `%PDF-` first and
 * the `%%EOF` marker near the end (a truncated copy lacks it), at most INVOICE_PDF_MAX_BYTES.
 */
export function invoicePdfProblem(data: Buffer): string | null {
  if (data.length === 0) return 'the file is empty';
  if (data.length > INVOICE_PDF_MAX_BYTES) return `the file is larger than ${INVOICE_PDF_MAX_BYTES / 1024 / 1024} MB`;
  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') return 'not a PDF (it does not start with %PDF-)';
  if (!data.subarray(-1024).toString('latin1').includes('%%EOF')) return 'the PDF is truncated (no %%EOF at its end)';
  return null;
}

/** Stores a PDF sealed with the data key under a random id; returns that id. */
export async function saveInvoicePdf(db: Db | Tx, key: Buffer, data: Buffer): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.insert(invoiceFiles).values({ id, sealed: encryptBytes(key, data, PURPOSE) });
  return id;
}

export async function readInvoicePdf(db: Db, key: Buffer, fileId: string): Promise<Buffer> {
  const [row] = await db.select({ sealed: invoiceFiles.sealed }).from(invoiceFiles).where(eq(invoiceFiles.id, fileId));
  if (!row) throw new Error(`invoice file ${fileId} is missing from invoice_files`);
  return decryptBytes(key, row.sealed, PURPOSE);
}
