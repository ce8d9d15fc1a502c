import { ResultCode, type Website } from '@portal/shared';
import { asc } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS } from '../../cache/cache.ts';
import { cacheFor } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { siteSettings } from './tables.ts';

type SiteRow = typeof siteSettings.$inferSelect;

/**
 * Every substation's settings, held in memory: read by every page answer and several API routes,
 * changed rarely (and not by the portal itself). Invalidated at once on every instance when the
 * table changes (cache/invalidation.ts), read again after CACHE_MAX_STALE_MS at the latest.
 */
const allSites = (db: Db): Promise<SiteRow[]> =>
  cacheFor(db).cached(
    'site-settings:all',
    CACHE_MAX_STALE_MS,
    async () => db.select().from(siteSettings).orderBy(asc(siteSettings.id)),
    {
      tags: ['site-settings'],
    },
  );

/** The settings of the site serving `host`, falling back to the default site. */
export async function getWebsite(db: Db, host: string): Promise<Website> {
  const sites = await allSites(db);
  const row = sites.find((site) => site.domain === host) ?? sites.find((site) => site.isDefault);
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

/**
 * Whether `host` (a lower-case host name, no port) is the domain of a configured site: the host
 * names absolute URLs may be built on besides PUBLIC_BASE_URL (plugins/public-origin.ts). Answered
 * from the same in-memory list as getWebsite.
 */
export async function isSiteDomain(db: Db, host: string): Promise<boolean> {
  const wanted = host.toLowerCase();
  return (await allSites(db)).some((site) => site.domain?.toLowerCase() === wanted);
}
