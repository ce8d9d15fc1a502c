import type { Db } from './client.ts';
import { seedSiteSettings } from '../modules/system/seed.ts';

/**
 * Demo and default data, applied at every start. Each step only inserts what is missing, so it
 * never overwrites what an operator changed and is safe with several instances starting at once.
 */
export async function seed(db: Db): Promise<void> {
  await seedSiteSettings(db);
}
