import { hash, randomBytes } from 'node:crypto';
import type { TeamRole } from '@portal/shared';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cacheFor, changed } from '../../cache/invalidation.ts';
import { USER_AGENT_MAX } from './devices.ts';
import { memberSessions, teamMembers } from './tables.ts';

/**
 * Opaque bearer tokens (docs/decisions/0004-sessions.md): 32 random bytes, base64url; only their
 * SHA-256 is stored. A session lives 7 days after its last use: each authenticated request pushes
 * the expiry to now + 7 days, and `last_used_at` (the devices list's "last seen", decision 0052)
 * to now, written at most once every 5 minutes so a busy client costs one UPDATE per 5 minutes
 * instead of one per call.
 */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

const TOKEN_BYTES = 32;
/** base64url of 32 bytes: anything else is not one of ours and needs no database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * SHA-256 is enough (no salt, no slow hash): the token is 256 random bits, not a guessable secret.
 * One-shot `crypto.hash`: every authenticated call hashes its token, and a Hash object per call
 * (createHash) cost three to five times as much.
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export interface NewSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
}

/** Where a session was opened from: the request's User-Agent (cut) and client address. */
export interface SessionOrigin {
  userAgent: string;
  ip: string;
}

export async function createSession(
  db: Db,
  userId: number,
  now = new Date(),
  origin: SessionOrigin = { userAgent: '', ip: '' },
): Promise<NewSession> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(memberSessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
      userAgent: origin.userAgent.slice(0, USER_AGENT_MAX),
      ip: origin.ip,
    })
    .returning({ id: memberSessions.id });
  if (!row) throw new Error('insert returned no row');
  return { token, sessionId: row.id, expiresAt };
}

export interface ActiveSession {
  sessionId: number;
  userId: number;
  /** The team (account) the session acts on, and the member's role in it (decision 0053). */
  teamId: number;
  role: TeamRole;
  expiresAt: Date;
}

/**
 * How long an instance trusts a session it validated without asking the database again. Revocation
 * does not wait for it: the revoking statement notifies every instance (migration 0010), which drop
 * their cached sessions at once; this is the bound when a notification is lost.
 */
export const SESSION_CACHE_MS = 5_000;

interface SessionRow extends ActiveSession {
  lastUsedAt: Date;
}

/** Thrown by the cached lookup for an unknown token, so that a miss is never kept (see resolveSession). */
class NoSession extends Error {}

/** The session's team: the one switched to, or the member's own (null before teams). */
const sessionTeam = sql<number>`coalesce(${memberSessions.teamId}, ${memberSessions.userId})`;

/**
 * A live session with its member's role in its team, in one query. No membership row (the member
 * was removed meanwhile) is no session: the token is refused, never let through with no role.
 */
async function loadSession(db: Db, tokenHash: string): Promise<SessionRow> {
  const [row] = await db
    .select({
      sessionId: memberSessions.id,
      userId: memberSessions.userId,
      teamId: teamMembers.teamId,
      role: teamMembers.role,
      expiresAt: memberSessions.expiresAt,
      lastUsedAt: memberSessions.lastUsedAt,
    })
    .from(memberSessions)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, sessionTeam), eq(teamMembers.memberId, memberSessions.userId)))
    .where(and(eq(memberSessions.tokenHash, tokenHash), isNull(memberSessions.revokedAt)))
    .limit(1);
  if (!row) throw new NoSession();
  return row;
}

/**
 * The live session of a token (not revoked, not expired) or null, sliding its expiry when the last
 * refresh is over an hour old. A session found is kept in this instance's cache for
 * SESSION_CACHE_MS (tag `sessions`, dropped on every instance when any session is revoked), so an
 * active client costs no query per call; unknown tokens are never kept, so guessing fills nothing.
 * The refresh is conditional in SQL, so concurrent requests of one client write once.
 */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<ActiveSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const cache = cacheFor(db);
  const key = `session\0${tokenHash}`;
  let row: SessionRow;
  try {
    row = await cache.cached(key, SESSION_CACHE_MS, () => loadSession(db, tokenHash), { tags: ['sessions'] });
  } catch (err) {
    if (err instanceof NoSession) return null;
    throw err;
  }
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.lastUsedAt.getTime() < SESSION_REFRESH_INTERVAL_MS) {
    return { sessionId: row.sessionId, userId: row.userId, teamId: row.teamId, role: row.role, expiresAt: row.expiresAt };
  }
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const staleBefore = new Date(now.getTime() - SESSION_REFRESH_INTERVAL_MS);
  const refreshed = await db
    .update(memberSessions)
    .set({ lastUsedAt: now, expiresAt })
    .where(
      and(eq(memberSessions.id, row.sessionId), isNull(memberSessions.revokedAt), lt(memberSessions.lastUsedAt, staleBefore)),
    )
    .returning({ id: memberSessions.id });
  // This instance's copy slides with it; another instance's copy slides when it refreshes too.
  row.lastUsedAt = now;
  row.expiresAt = expiresAt;
  if (refreshed.length === 0) {
    // Revoked meanwhile (or refreshed by a concurrent call): ask the database, not the cache.
    const [live] = await db
      .select({ id: memberSessions.id })
      .from(memberSessions)
      .where(and(eq(memberSessions.id, row.sessionId), isNull(memberSessions.revokedAt), gt(memberSessions.expiresAt, now)))
      .limit(1);
    if (!live) return null;
  }
  return { sessionId: row.sessionId, userId: row.userId, teamId: row.teamId, role: row.role, expiresAt };
}

/** Ends one session (logout). Idempotent: revoking twice keeps the first time. */
export async function revokeSession(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(and(eq(memberSessions.id, sessionId), isNull(memberSessions.revokedAt)));
  // This instance at once; the others through the statement's notification.
  changed(db, 'sessions');
}

/**
 * Ends every session of a user (password reset), or every one but `keep` (password change), and
 * answers how many of them were still live (not expired): what the member is told was signed out.
 * The statement notifies every instance at commit (migration 0010); the caller drops this
 * instance's copies after its transaction (`changed(db, 'sessions')`).
 */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keep?: number): Promise<number> {
  const ended = await db
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberSessions.userId, userId),
        isNull(memberSessions.revokedAt),
        keep === undefined ? undefined : ne(memberSessions.id, keep),
      ),
    )
    .returning({ expiresAt: memberSessions.expiresAt });
  return ended.filter((s) => s.expiresAt.getTime() > now.getTime()).length;
}

/**
 * Deletes a user's sessions that can never be used again, at each login, so the table stays as big
 * as the live sessions without a separate clean-up job.
 */
export async function pruneSessions(db: Db, userId: number, now = new Date()): Promise<void> {
  await db
    .delete(memberSessions)
    .where(and(eq(memberSessions.userId, userId), or(isNotNull(memberSessions.revokedAt), lt(memberSessions.expiresAt, now))));
}
