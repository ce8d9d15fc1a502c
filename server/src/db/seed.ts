import type { Db } from './client.ts';
import { seedDemoUser } from '../modules/accounts/seed.ts';
import { seedCatalogue } from '../modules/catalogue/seed.ts';
import { seedContent } from '../modules/content/seed.ts';
import { seedStatic } from '../modules/static-ip/seed.ts';
import { seedSiteSettings } from '../modules/system/seed.ts';

export interface SeedOptions {
  /**
   * SANDBOX: also create the demo login and the demo static IP inventory. Required, so no caller gets
   * a known password (or fake stock) by default.
   */
  sandbox: boolean;
}

/**
 * Demo and default data, applied at every start. Each step only inserts what is missing, so it
 * never overwrites what an operator changed and is safe with several instances starting at once.
 */
export async function seed(db: Db, { sandbox }: SeedOptions): Promise<void> {
  await seedSiteSettings(db);
  await seedCatalogue(db);
  // The blog posts and help answers of server/content that are not in the database yet.
  await seedContent(db);
  // Static IP durations always; demo regions and inventory only in the sandbox.
  await seedStatic(db, { sandbox });
  if (sandbox) await seedDemoUser(db);
}
