import type { Db } from '../../db/client.ts';
import { AccountExistsError, createUser, findUserByMobile } from './users.ts';

/** The sandbox's demo login (also in .env.example next to SANDBOX). Never created outside the sandbox. */
export const DEMO_USER = { mobile: '13800138000', password: 'Demo@123456', nickname: 'Demo', limitBalance: 10_240 } as const;

export async function seedDemoUser(db: Db): Promise<void> {
  if (await findUserByMobile(db, DEMO_USER.mobile)) return;
  try {
    await createUser(db, DEMO_USER);
  } catch (err) {
    // Another instance starting at the same moment created it first.
    if (!(err instanceof AccountExistsError)) throw err;
  }
}
