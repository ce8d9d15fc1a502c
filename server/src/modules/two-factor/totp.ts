import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * TOTP as authenticator apps speak it (RFC 6238 with the defaults every app supports: SHA-1, 6
 * digits, 30-second steps) and the recovery codes. No database here: service.ts keeps the state.
 */

export const TOTP_PERIOD_S = 30;
/** Codes of the step before and after now are accepted too: a phone clock a little off still works. */
export const TOTP_DRIFT_STEPS = 1;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });

/** A new secret: 160 random bits (RFC 4226's recommended length) in base32, as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The code of a secret at a time (for tests and the e2e's "authenticator app"). */
export const totpCodeAt = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });

/** The time step a code belongs to when it is valid within the drift, or null. */
export function totpStepOf(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/** The otpauth:// link and its QR code (SVG) an app sets itself up from. */
export async function enrolmentOf(secret: string, { issuer, label }: { issuer: string; label: string }) {
  const otpauthUrl = totpOf(secret, label, issuer).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrSvg };
}

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 32 signs, 5 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as printed: `xxxxx-xxxxx`, about 50 random bits. */
export function newRecoveryCode(): string {
  const signs = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${signs.slice(0, 5)}-${signs.slice(5)}`;
}

/**
 * The stored form of a recovery code: SHA-256 of its signs (dash, spaces and case ignored). One-way;
 * no salt or slow hash is needed for 50 random bits that work once and sit behind the try limit.
 */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toLowerCase())
    .digest('hex');

export const isAppCode = (code: string): boolean => /^\d{6}$/.test(code);
