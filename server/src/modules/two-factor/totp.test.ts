import { describe, expect, it } from 'vitest';
import { enrolmentOf, newRecoveryCode, newTotpSecret, recoveryCodeHash, totpCodeAt, totpStepOf } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; the table gives 8
// digits, an app shows the last 6.
const RFC_SEED_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('at %i s the code is the last six digits of %s', (seconds, eight) => {
    const at = new Date(seconds * 1000);
    expect(totpCodeAt(RFC_SEED_BASE32, at)).toBe(eight.slice(2));
    expect(totpStepOf(RFC_SEED_BASE32, eight.slice(2), at)).toBe(Math.floor(seconds / 30));
  });

  it('accepts one step of drift either way and nothing further', () => {
    const secret = newTotpSecret();
    const at = new Date(1_800_000_000_000);
    const step = Math.floor(at.getTime() / 30_000);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(at.getTime() - 90_000)), at)).toBeNull();
  });

  it('a new secret is 160 bits of base32', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('enrolment gives the otpauth link with issuer and label, and its QR code as SVG', async () => {
    const secret = newTotpSecret();
    const e = await enrolmentOf(secret, { issuer: 'NovaProxy', label: 'a@example.com' });
    expect(e.otpauthUrl).toMatch(/^otpauth:\/\/totp\/NovaProxy:a%40example\.com\?/);
    expect(e.otpauthUrl).toContain(`secret=${secret}`);
    expect(e.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });
});

describe('recovery codes', () => {
  it('are xxxxx-xxxxx without look-alike signs, and hashed one-way ignoring case and dash', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(recoveryCodeHash(code.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
    expect(recoveryCodeHash(code)).not.toContain(code.replace('-', ''));
  });
});
