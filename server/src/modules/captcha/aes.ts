import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * AES-128-ECB with PKCS#7 padding and base64, as AJ-Captcha's clients use it for pointJson and
 * captchaVerification; the key is the UTF-8 bytes of the 16-character secretKey. ECB is the
 * protocol's choice: it only hides a click position for two minutes, nothing long-lived.
 */
export function aesEcbEncrypt(plaintext: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]).toString('base64');
}

/** The plaintext, or null when the input is not base64 of a ciphertext under this key. */
export function aesEcbDecrypt(base64: string, key: string): string | null {
  try {
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    const data = Buffer.from(base64, 'base64');
    if (data.length === 0 || data.length % 16 !== 0) return null;
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null; // bad padding: wrong key or tampered data
  }
}
