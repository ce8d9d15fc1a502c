import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LicenceType } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { privateDir } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { decryptBytes, encryptBytes } from './crypto.ts';
import { licenceFiles } from './tables.ts';

/** The type of a licence upload by its first bytes (the name and declared type are not trusted). */
export function detectLicenceType(data: Buffer): LicenceType | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

export const LICENCE_EXTENSIONS: Record<LicenceType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
};

const FILE_ID = /^[0-9a-f]{32}$/;
const PURPOSE = 'licence';

/** Stores an uploaded licence sealed with the data key under a random id; returns that id. */
export async function saveLicence(db: Db, key: Buffer, data: Buffer): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.insert(licenceFiles).values({ id, sealed: encryptBytes(key, data, PURPOSE) });
  return id;
}

export async function readLicence(db: Db, key: Buffer, fileId: string): Promise<Buffer> {
  const [row] = await db.select({ sealed: licenceFiles.sealed }).from(licenceFiles).where(eq(licenceFiles.id, fileId));
  if (!row) throw new Error(`licence ${fileId} is missing from licence_files`);
  return decryptBytes(key, row.sealed, PURPOSE);
}

export async function removeLicence(db: Db, fileId: string): Promise<void> {
  await db.delete(licenceFiles).where(eq(licenceFiles.id, fileId));
}

/**
 * Licences uploaded before they were kept in the database lie sealed in
 * `${DATA_DIR}/private/licences/<id>`: each is copied into licence_files once (the same sealed
 * bytes; an id already there is left alone). Returns how many were copied. The files stay, as a
 * backup the operator may delete.
 */
export async function importLegacyLicences(db: Db, dataDir: string): Promise<number> {
  const dir = join(privateDir(dataDir), 'licences');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => FILE_ID.test(name));
  let copied = 0;
  for (const id of names) {
    const sealed = await readFile(join(dir, id));
    const rows = await db.insert(licenceFiles).values({ id, sealed }).onConflictDoNothing().returning({ id: licenceFiles.id });
    copied += rows.length;
  }
  return copied;
}
