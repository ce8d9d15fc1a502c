import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LicenceType } from '@portal/shared';
import { privateDir } from '../../config/index.ts';
import { decryptBytes, encryptBytes } from './crypto.ts';

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
const licencesDir = (dataDir: string) => join(privateDir(dataDir), 'licences');
const PURPOSE = 'licence';

function licencePath(dataDir: string, fileId: string): string {
  // Ids come from the database, but a path is only ever built from this exact shape.
  if (!FILE_ID.test(fileId)) throw new Error('invalid licence file id');
  return join(licencesDir(dataDir), fileId);
}

/** Stores an uploaded licence encrypted under a random name; returns that name. */
export async function saveLicence(dataDir: string, key: Buffer, data: Buffer): Promise<string> {
  await mkdir(licencesDir(dataDir), { recursive: true, mode: 0o700 });
  const fileId = randomBytes(16).toString('hex');
  await writeFile(licencePath(dataDir, fileId), encryptBytes(key, data, PURPOSE), { mode: 0o600, flag: 'wx' });
  return fileId;
}

export async function readLicence(dataDir: string, key: Buffer, fileId: string): Promise<Buffer> {
  return decryptBytes(key, await readFile(licencePath(dataDir, fileId)), PURPOSE);
}

export async function removeLicence(dataDir: string, fileId: string): Promise<void> {
  await rm(licencePath(dataDir, fileId), { force: true });
}
