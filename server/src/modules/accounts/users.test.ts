import type { LoginResult } from '@portal/shared';
import { scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { maskEmail, maskMobile } from './mask.ts';
import { verifyPassword } from './password.ts';
import { DEMO_USER } from './seed.ts';
import { login } from './service.ts';
import { memberUsers } from './tables.ts';
import { AccountExistsError, AccountInputError, createUser, findUserByMobile } from './users.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('createUser', () => {
  it('stores a scrypt hash, a default nickname from the masked mobile, and a zero balance', async () => {
    const user = await createUser(database.db, { mobile: '13911112222', password: 'Secret@123' });
    expect(user).toMatchObject({ mobile: '13911112222', email: null, nickname: '139****2222', limitBalance: 0 });
    expect(user).toMatchObject({ identificationStatus: 0, certificationType: null });
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Secret@123', user.passwordHash)).toBe(true);
  });

  it('stores e-mail addresses lower-case, so uniqueness ignores case', async () => {
    const user = await createUser(database.db, { email: ' Bob@Example.COM ', password: 'Secret@123', nickname: 'Bob' });
    expect(user.email).toBe('bob@example.com');
    await expect(createUser(database.db, { email: 'BOB@example.com', password: 'Secret@123' })).rejects.toEqual(
      new AccountExistsError('email'),
    );
  });

  it('refuses a second account for a mobile number', async () => {
    await createUser(database.db, { mobile: '13922223333', password: 'Secret@123' });
    const err = await createUser(database.db, { mobile: '13922223333', password: 'Other@1234' }).catch((e) => e);
    expect(err).toBeInstanceOf(AccountExistsError);
    expect(err.field).toBe('mobile');
  });

  it.each([
    [{ mobile: '12345678901', password: 'Secret@123' }, 'mobile'],
    [{ password: 'Secret@123' }, 'mobile'],
    [{ email: 'not-an-email', password: 'Secret@123' }, 'email'],
    [{ mobile: '13933334444', password: 'short' }, 'password'],
    [{ mobile: '13933334444', password: 'x'.repeat(129) }, 'password'],
    [{ mobile: '13933334444', password: 'Secret@123', nickname: '  ' }, 'nickname'],
    [{ mobile: '13933334444', password: 'Secret@123', limitBalance: -1 }, 'limitBalance'],
    [{ mobile: '13933334444', password: 'Secret@123', limitBalance: 1.5 }, 'limitBalance'],
  ])('refuses %j (%s)', async (input, field) => {
    const err = await createUser(database.db, input).catch((e) => e);
    expect(err).toBeInstanceOf(AccountInputError);
    expect(err.field).toBe(field);
    expect(await findUserByMobile(database.db, '13933334444')).toBeUndefined();
  });
});

describe('masking', () => {
  it.each([
    ['13800138000', '138****8000'],
    ['1234567', '1****'],
  ])('maskMobile(%s) = %s', (input, masked) => expect(maskMobile(input)).toBe(masked));

  it.each([
    ['alice@example.com', 'a***@example.com'],
    ['a@b.cn', 'a***@b.cn'],
    ['broken', '***'],
  ])('maskEmail(%s) = %s', (input, masked) => expect(maskEmail(input)).toBe(masked));
});

describe('login service', () => {
  it('upgrades a hash made with older scrypt parameters at the next successful login', async () => {
    const user = await createUser(database.db, { mobile: '13944445555', password: 'Secret@123' });
    const [, , , , salt, key] = user.passwordHash.split('$');
    // A real hash from a cheaper setting (N=2^14), as an older release would have stored it.
    const oldKey = scryptSync('Secret@123', Buffer.from(salt ?? '', 'base64url'), 32, { N: 2 ** 14, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt}$${oldKey.toString('base64url')}`;
    expect(key).not.toBe(oldKey.toString('base64url'));
    await database.db.update(memberUsers).set({ passwordHash: old }).where(eq(memberUsers.id, user.id));
    await login(database.db, { login: { channel: 'sms', to: '13944445555' }, password: 'Secret@123', ip: '127.0.0.1' });
    const after = await findUserByMobile(database.db, '13944445555');
    expect(after?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('Secret@123', after?.passwordHash ?? '')).toBe(true);
  });
});

describe('demo user seed', () => {
  it('is created only in the sandbox, once, and logs in with the documented password', async () => {
    await seed(database.db, { sandbox: false });
    expect(await findUserByMobile(database.db, DEMO_USER.mobile)).toBeUndefined();
    await seed(database.db, { sandbox: true });
    await seed(database.db, { sandbox: true });
    const demo = await findUserByMobile(database.db, DEMO_USER.mobile);
    expect(demo).toMatchObject({ nickname: 'Demo', limitBalance: 10_240 });
    expect(await database.db.$count(memberUsers, eq(memberUsers.mobile, DEMO_USER.mobile))).toBe(1);
    expect(
      (
        (await login(database.db, {
          login: { channel: 'sms', to: '13800138000' },
          password: 'Demo@123456',
          ip: '127.0.0.1',
        })) as LoginResult
      ).token,
    ).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
