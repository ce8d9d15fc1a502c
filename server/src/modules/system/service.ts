import { ResultCode, type Website } from '@portal/shared';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { siteSettings } from './tables.ts';

/** The settings of the site serving `host`, falling back to the default site. */
export async function getWebsite(db: Db, host: string): Promise<Website> {
  const [row] = await db
    .select()
    .from(siteSettings)
    .where(or(eq(siteSettings.domain, host), eq(siteSettings.isDefault, true)))
    .orderBy(desc(sql`${siteSettings.domain} = ${host}`))
    .limit(1);
  if (!row) throw new BusinessError(ResultCode.NotFound, 'site.notConfigured');
  return {
    name: row.name,
    logoUrl: row.logoUrl,
    domain: row.domain,
    serviceHours: row.serviceHours,
    contacts: row.contacts,
    icp: row.icp,
  };
}
