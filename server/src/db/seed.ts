import type { Db } from './client.ts';
import { seedDemoUser } from '../modules/accounts/seed.ts';
import { seedSiteSettings } from '../modules/system/seed.ts';

export interface SeedOptions {
  /** SANDBOX: also create the demo login. Required, so no caller gets a known password by default. */
  sandbox: boolean;
}

/**
 * Demo and default data, applied at every start. Each step only inserts what is missing, so it
 * never overwrites what an operator changed and is safe with several instances starting at once.
 */
export async function seed(db: Db, { sandbox }: SeedOptions): Promise<void> {
  await seedSiteSettings(db);
  if (sandbox) await seedDemoUser(db);
}
