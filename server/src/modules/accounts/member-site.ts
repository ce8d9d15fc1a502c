import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CACHE_MAX_STALE_MS } from '../../cache/cache.ts';
import { cacheFor } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { siteForHost } from '../system/service.ts';
import { memberUsers } from './tables.ts';

/**
 * The substation a member registered on (decision 0027). Set at registration and changed only by
 * hand, so each instance keeps it for CACHE_MAX_STALE_MS. Null for a member that no longer exists.
 */
export function memberSiteId(db: Db, userId: number): Promise<number | null> {
  return cacheFor(db).cached(`member-site:${userId}`, CACHE_MAX_STALE_MS, async () => {
    const [row] = await db.select({ siteId: memberUsers.siteId }).from(memberUsers).where(eq(memberUsers.id, userId));
    return row?.siteId ?? null;
  });
}

/**
 * Whose prices a catalogue answer shows: a logged-in member's own substation (the prices their
 * orders are charged at, whichever host they use), a visitor's the substation of the host.
 */
export async function pricingSiteId(db: Db, request: Pick<FastifyRequest, 'user' | 'hostname'>): Promise<number> {
  const own = request.user ? await memberSiteId(db, request.user.id) : null;
  return own ?? (await siteForHost(db, request.hostname)).id;
}

/** The site whose prices a member's orders are placed at. */
export async function orderSiteId(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ siteId: memberUsers.siteId }).from(memberUsers).where(eq(memberUsers.id, userId));
  if (!row) throw new Error(`no member ${userId}`);
  return row.siteId;
}
