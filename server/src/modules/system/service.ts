import { ResultCode, type Website } from '@portal/shared';
import { asc, eq } from 'drizzle-orm';
import { CACHE_MAX_STALE_MS } from '../../cache/cache.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { siteSettings } from './tables.ts';

import { DEFAULT_SITE } from './seed.ts';

export type SiteRow = typeof siteSettings.$inferSelect;

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

/** The site serving `host` (its domain, case-insensitive), falling back to the default site. */
export async function siteForHost(db: Db, host: string): Promise<SiteRow> {
  const sites = await allSites(db);
  const wanted = host.toLowerCase();
  const row = sites.find((site) => site.domain.toLowerCase() === wanted) ?? sites.find((site) => site.isDefault);
  if (!row) throw new BusinessError(ResultCode.NotFound, 'site.notConfigured');
  return row;
}

/** The settings of the site serving `host`, falling back to the default site. */
export async function getWebsite(db: Db, host: string): Promise<Website> {
  const row = await siteForHost(db, host);
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

/**
 * The id of the default site, created from DEFAULT_SITE if there is none yet (a database the server
 * never seeded, e.g. `ops user create` on a fresh data folder): every member belongs to a site.
 */
export async function defaultSiteId(db: Db): Promise<number> {
  const found = (await allSites(db)).find((site) => site.isDefault);
  if (found) return found.id;
  await db.insert(siteSettings).values(DEFAULT_SITE).onConflictDoNothing();
  changed(db, 'site-settings');
  const [row] = await db.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.isDefault, true));
  if (!row) throw new Error('no default site, and it could not be created');
  return row.id;
}

/** Every site, the default first (operators: `ops site list`). */
export async function listSites(db: Db): Promise<SiteRow[]> {
  const rows = await db.select().from(siteSettings).orderBy(asc(siteSettings.id));
  return rows.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** One site by id or domain (operators name sites either way), or undefined. */
export async function findSite(db: Db, idOrDomain: string): Promise<SiteRow | undefined> {
  const rows = await listSites(db);
  if (/^\d+$/.test(idOrDomain)) return rows.find((site) => site.id === Number(idOrDomain));
  const wanted = idOrDomain.toLowerCase();
  return rows.find((site) => site.domain.toLowerCase() === wanted);
}

export type SiteInput = Omit<typeof siteSettings.$inferInsert, 'id' | 'isDefault' | 'updatedAt'>;

/** Adds a substation (never the default: there is one, seeded). Returns its id. */
export async function addSite(db: Db, input: SiteInput): Promise<number> {
  try {
    const [row] = await db.insert(siteSettings).values(input).returning({ id: siteSettings.id });
    if (!row) throw new Error('insert returned nothing');
    return row.id;
  } finally {
    changed(db, 'site-settings');
  }
}

/** Changes some fields of a site. */
export async function updateSite(db: Db, id: number, fields: Partial<SiteInput>): Promise<void> {
  try {
    await db
      .update(siteSettings)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(siteSettings.id, id));
  } finally {
    changed(db, 'site-settings');
  }
}
