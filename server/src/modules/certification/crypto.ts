import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, privateDir } from '../../config/index.ts';

/**
 * Encryption at rest of sensitive certification data: AES-256-GCM, a fresh 96-bit IV per value, the
 * 128-bit tag checked on every read. A field is bound to its purpose (the AAD, e.g. `idCard`), so a
 * ciphertext copied into another column does not decrypt. Text format `v1.<base64url(iv|tag|data)>`;
 * files are `iv|tag|data` bytes.
 */

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]);
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

export function encryptField(key: Buffer, plain: string, purpose: string): string {
  return VERSION + seal(key, Buffer.from(plain, 'utf8'), purpose).toString('base64url');
}

/** Throws when the value was not encrypted with this key for this purpose, or was altered. */
export function decryptField(key: Buffer, stored: string, purpose: string): string {
  if (!stored.startsWith(VERSION)) throw new Error('unknown ciphertext format');
  return open(key, Buffer.from(stored.slice(VERSION.length), 'base64url'), purpose).toString('utf8');
}

/**
 * A stable, keyed fingerprint of an ID card number (HMAC-SHA256, 64 hex characters) for finding
 * the accounts that used it. Keyed with a sub-key of the data key: an ID number has too little
 * entropy for a plain hash (every valid number can be hashed in minutes), but without the key the
 * fingerprint says nothing.
 */
export function idCardHash(key: Buffer, idCard: string): string {
  const subKey = createHmac('sha256', key).update('portal:id-card-hash:v1').digest();
  return createHmac('sha256', subKey).update(idCard.trim().toUpperCase()).digest('hex');
}

/**
 * The keyed fingerprint of a document: its kind (a person's documents, or a company's
 * registration), issuing country and number, as idCardHash does for ID card numbers. The type of a
 * person's document is left out: one passport number typed as "other" is still that passport.
 */
export function documentHash(
  key: Buffer,
  { subject, country, number }: { subject: 'person' | 'company'; country: string; number: string },
): string {
  const subKey = createHmac('sha256', key).update('portal:document-hash:v1').digest();
  const canonical = number.toUpperCase().replace(/[\s./-]+/g, '');
  return createHmac('sha256', subKey).update(`${subject}:${country.toUpperCase()}:${canonical}`).digest('hex');
}

export const encryptBytes = (key: Buffer, plain: Buffer, purpose: string): Buffer => seal(key, plain, purpose);
export const decryptBytes = (key: Buffer, sealed: Buffer, purpose: string): Buffer => open(key, sealed, purpose);

export const dataKeyPath = (dataDir: string) => join(privateDir(dataDir), 'data.key');

/**
 * The data key: DATA_ENCRYPTION_KEY, or in the sandbox (where it may be unset) a random key kept in
 * `${DATA_DIR}/private/data.key`, created on first use with a warning: data encrypted with it is
 * only readable with that file. Outside the sandbox the config already requires the variable.
 */
export async function resolveDataKey(
  config: Pick<Config, 'dataEncryptionKey' | 'sandbox' | 'dataDir'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Buffer> {
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  if (!config.sandbox) throw new Error('DATA_ENCRYPTION_KEY is required outside the sandbox');
  const path = dataKeyPath(config.dataDir);
  try {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${path} does not hold 32 bytes in base64`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(privateDir(config.dataDir), { recursive: true, mode: 0o700 });
  await chmod(privateDir(config.dataDir), 0o700);
  const key = randomBytes(32);
  // wx: two processes starting at once must not overwrite each other's key.
  try {
    await writeFile(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return resolveDataKey(config, log);
    throw err;
  }
  log.warn(
    { path },
    'DATA_ENCRYPTION_KEY is not set: created a random data key for the sandbox; set DATA_ENCRYPTION_KEY in production',
  );
  return key;
}
