import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, hashesRunning, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('use the versioned scrypt$N$r$p$salt$hash format with a fresh salt each time', async () => {
    const a = await hashPassword('Demo@123456');
    const b = await hashPassword('Demo@123456');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Demo@123456');
  });

  it('verify the right password and nothing else', async () => {
    const hash = await hashPassword('Demo@123456');
    expect(await verifyPassword('Demo@123456', hash)).toBe(true);
    for (const wrong of ['demo@123456', 'Demo@12345', 'Demo@1234567', '']) {
      expect(await verifyPassword(wrong, hash), wrong).toBe(false);
    }
  });

  it('match a password typed with full-width characters (Chinese IME) to the half-width one', async () => {
    const hash = await hashPassword('Demo123456');
    expect(await verifyPassword('Ｄｅｍｏ１２３４５６', hash)).toBe(true);
  });

  it('reject malformed or dangerous stored values instead of throwing', async () => {
    const [, , , , salt, key] = (await hashPassword('x')).split('$');
    for (const stored of [
      '',
      'plain-text',
      `bcrypt$32768$8$1$${salt}$${key}`,
      `scrypt$32768$8$${salt}$${key}`,
      `scrypt$30000$8$1$${salt}$${key}`, // N must be a power of two
      `scrypt$1073741824$8$1$${salt}$${key}`, // a cost that would hog memory
      `scrypt$32768$8$1$$${key}`,
    ]) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
      expect(needsRehash(stored), stored).toBe(true);
    }
  });

  it('verify hashes made with older parameters and flag them for rehashing', async () => {
    const current = await hashPassword('pw');
    expect(needsRehash(current)).toBe(false);
    const [, , , , salt] = current.split('$');
    // A hash from a cheaper setting, computed the way hashPassword would have with N=2^14.
    const key = scryptSync('pw', Buffer.from(salt ?? '', 'base64url'), 32, { N: 2 ** 14, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt}$${key.toString('base64url')}`;
    expect(await verifyPassword('pw', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(SCRYPT_PARAMS.N).toBe(2 ** 15);
  });

  it('run at most one per core at once when 50 logins arrive together, and all finish', async () => {
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, hashesRunning());
    }, 1);
    try {
      const hashes = await Promise.all(Array.from({ length: 50 }, (_, i) => hashPassword(`parallel ${i}`)));
      expect(new Set(hashes).size).toBe(50);
      expect(await Promise.all(hashes.map((h, i) => verifyPassword(`parallel ${i}`, h)))).toEqual(Array(50).fill(true));
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashesRunning()).toBe(0);
  });
});
