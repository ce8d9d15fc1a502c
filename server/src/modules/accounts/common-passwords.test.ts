import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';
import { DEMO_USER } from './seed.ts';

describe('isCommonPassword', () => {
  it('finds passwords of the common list that pass the format rule, in any case and width', async () => {
    for (const password of ['password1', 'Password1', 'PASSWORD1', 'qwerty123', 'abc12345', '1qaz2wsx', 'ｐａｓｓｗｏｒｄ１']) {
      expect(await isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets through the seeded demo password and the passwords the tests and e2e journeys set', async () => {
    const used = [
      DEMO_USER.password,
      'Secret@123', // test/members.ts
      'Kite-river-42',
      'Passw0rd!',
      'NewPass99',
      'Other999x',
      'Fresh1234',
      'Changed123',
      'Changed-2026',
      'Brand-new-2026', // e2e
      'Another-2026',
      'Secret-2026',
    ];
    for (const password of used) expect(await isCommonPassword(password), password).toBe(false);
  });
});
