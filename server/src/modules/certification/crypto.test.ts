import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/index.ts';
import { dataKeyPath, decryptField, encryptField, resolveDataKey } from './crypto.ts';
import { maskBankAccount, maskIdCard } from './service.ts';

const KEY = Buffer.alloc(32, 1);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-crypto-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('field encryption', () => {
  it('round-trips, with a fresh IV each time, bound to key and purpose', () => {
    const a = encryptField(KEY, '11010519491231002X', 'idCard');
    const b = encryptField(KEY, '11010519491231002X', 'idCard');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1101051949');
    expect(decryptField(KEY, a, 'idCard')).toBe('11010519491231002X');
    expect(() => decryptField(KEY, a, 'bankAccount')).toThrow();
    expect(() => decryptField(Buffer.alloc(32, 2), a, 'idCard')).toThrow();
    // The second-to-last character carries only ciphertext bits (the last may carry padding bits);
    // it was compared with the last one, so 1 run in 64 "tampered" nothing.
    const at = a.length - 2;
    const tampered = `${a.slice(0, at)}${a[at] === 'A' ? 'B' : 'A'}${a.slice(at + 1)}`;
    expect(tampered).not.toBe(a);
    expect(() => decryptField(KEY, tampered, 'idCard')).toThrow();
  });
});

describe('resolveDataKey', () => {
  it('uses DATA_ENCRYPTION_KEY when set', async () => {
    const warn = (..._args: unknown[]) => {
      throw new Error('no warning expected');
    };
    expect(await resolveDataKey({ dataEncryptionKey: KEY, sandbox: false, dataDir: dir }, { warn })).toBe(KEY);
  });

  it('creates, warns about and then reuses a sandbox key in DATA_DIR/private/data.key', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    const config = { dataEncryptionKey: null, sandbox: true, dataDir: join(dir, 'data') };
    const first = await resolveDataKey(config, log);
    expect(first.length).toBe(32);
    expect(warnings).toHaveLength(1);
    expect(String((warnings[0] as unknown[])[1])).toContain('DATA_ENCRYPTION_KEY');
    expect((await stat(dataKeyPath(config.dataDir))).mode & 0o777).toBe(0o600);
    expect((await readFile(dataKeyPath(config.dataDir), 'utf8')).trim()).toBe(first.toString('base64'));
    expect((await resolveDataKey(config, log)).equals(first)).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});

describe('DATA_ENCRYPTION_KEY and IDV_* configuration', () => {
  const issues = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.issues.map((i) => i.variable);
    }
    return [];
  };

  it('is required outside the sandbox, optional inside', () => {
    expect(issues({ SANDBOX: 'false', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'portal@example.com' })).toEqual([
      'DATA_ENCRYPTION_KEY',
    ]);
    expect(issues({ ALIPAY_APP_ID: '2021000000000000' })).toContain('DATA_ENCRYPTION_KEY');
    expect(loadConfig({ SANDBOX: 'true' }).dataEncryptionKey).toBeNull();
    expect(loadConfig({ SANDBOX: 'true', DATA_ENCRYPTION_KEY: KEY.toString('base64') }).dataEncryptionKey?.equals(KEY)).toBe(
      true,
    );
  });

  it('names a key that is not 32 bytes of base64, and an app code without URL', () => {
    expect(issues({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toEqual(['DATA_ENCRYPTION_KEY']);
    expect(issues({ DATA_ENCRYPTION_KEY: 'not base64!' })).toEqual(['DATA_ENCRYPTION_KEY']);
    expect(issues({ IDV_APP_CODE: 'x' })).toEqual(['IDV_APP_CODE']);
    expect(issues({ IDV_URL: 'http://idv.example.com' })).toEqual(['IDV_URL']);
    expect(loadConfig({ IDV_URL: 'https://idv.example.com/v', IDV_APP_CODE: 'c' }).identityVerifier).toEqual({
      url: 'https://idv.example.com/v',
      appCode: 'c',
    });
  });
});

describe('masks', () => {
  it('show the region and the last 4 of an ID, the last 4 of an account', () => {
    expect(maskIdCard('110101199003074477')).toBe('110101********4477');
    expect(maskBankAccount('6222021234567890123')).toBe('***************0123');
    expect(maskBankAccount('1234')).toBe('****');
  });
});
