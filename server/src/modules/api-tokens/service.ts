import { createHash, randomBytes } from 'node:crypto';
import {
  API_SCOPES,
  API_TOKEN_MAX_PER_USER,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  type ApiScope,
  type ApiToken,
  ApiTokenErrorCode,
  type TeamRole,
} from '@portal/shared';
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { memberUsers, teamMembers } from '../accounts/tables.ts';
import { apiTokens } from './tables.ts';

type Row = typeof apiTokens.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token: a busy script costs one UPDATE a minute. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** SHA-256 is enough: the token is 256 random bits, not a guessable secret (as sessions.ts). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const parseScopes = (text: string): ApiScope[] =>
  text.split(' ').filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));

const toToken = (row: Row): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: parseScopes(row.scopes),
  hint: row.hint,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  expiresAt: row.expiresAt?.getTime() ?? null,
});

/** Not revoked and not expired at `now`. */
const live = (now: Date) => and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)));

export interface NewApiToken {
  name: string;
  scopes: ApiScope[];
  expiresInDays: number | null;
}

/** Who creates a token in a team, and their role there then: the most the token may ever do (decision 0054). */
export interface TokenCreator {
  memberId: number;
  role: TeamRole;
}

/**
 * Creates a token and returns its secret (shown once, never stored). The member's row is locked
 * for the transaction, so concurrent creations of one member are counted one after another and
 * never pass API_TOKEN_MAX_PER_USER live tokens.
 */
export async function createApiToken(
  db: Db,
  now: Date,
  userId: number,
  input: NewApiToken,
  creator: TokenCreator = { memberId: userId, role: 'owner' },
): Promise<{ token: ApiToken; secret: string }> {
  const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: memberUsers.id }).from(memberUsers).where(eq(memberUsers.id, userId)).for('update');
    if (!user) throw new Error(`member ${userId} is gone`);
    const [existing] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), live(now)));
    if ((existing?.n ?? 0) >= API_TOKEN_MAX_PER_USER) {
      throw new BusinessError(ApiTokenErrorCode.TooMany, 'apiToken.tooMany', { max: API_TOKEN_MAX_PER_USER });
    }
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        createdBy: creator.memberId,
        role: creator.role,
        name: input.name,
        tokenHash: hashToken(secret),
        hint: secret.slice(0, API_TOKEN_PREFIX.length + 6),
        scopes: API_SCOPES.filter((s) => input.scopes.includes(s)).join(' '),
        createdAt: now,
        expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return { token: toToken(row), secret };
  });
}

/** The member's live tokens, newest first. */
export async function listApiTokens(db: Db, now: Date, userId: number): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), live(now)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toToken);
}

/** Revokes one of the member's tokens; another member's id is "not found". Revoking twice keeps the first time. */
export async function revokeApiToken(db: Db, now: Date, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: apiTokens.id, revokedAt: apiTokens.revokedAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (!row) throw new BusinessError(ApiTokenErrorCode.NotFound, 'apiToken.notFound');
  if (!row.revokedAt) {
    await db
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  }
  return true;
}

/**
 * Revokes every token the person created, in every team (a password reset, a password change that
 * asks for it), inside the caller's transaction, and answers how many were live (the member is
 * told). Expired tokens are revoked too, for the record. Every /api/v1/ call reads the token's row (resolveApiToken keeps no
 * copy), so the revocation holds from the next request on every instance once committed.
 */
export async function revokeAllApiTokens(db: Db, userId: number, now: Date): Promise<number> {
  const ended = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.createdBy, userId), isNull(apiTokens.revokedAt)))
    .returning({ expiresAt: apiTokens.expiresAt });
  return ended.filter((t) => t.expiresAt === null || t.expiresAt.getTime() > now.getTime()).length;
}

/**
 * Revokes the tokens a person made for a team (they left it or were removed), in the caller's
 * transaction: every /api/v1/ call reads the token's row, so it holds from the next request.
 */
export async function revokeTeamTokens(tx: Tx, now: Date, teamId: number, memberId: number): Promise<number> {
  const ended = await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, teamId), eq(apiTokens.createdBy, memberId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return ended.length;
}

export interface TokenIdentity {
  tokenId: number;
  /** The team (account) the token acts on. */
  userId: number;
  /** The member who made it (the team's own login for a token from before teams). */
  memberId: number;
  scopes: ApiScope[];
  /** The role it was made with, and its creator's role in the team now: it acts with both at most. */
  role: TeamRole;
  creatorRole: TeamRole;
}

export type TokenLookup =
  | { ok: true; identity: TokenIdentity }
  | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' | 'expired' };

/**
 * The team, scopes and roles behind a bearer token of /api/v1/. Only `npt_` tokens are looked up (a
 * session token never matches the pattern, and the session lookup never matches this one). Every
 * call asks the database, so a revocation holds from the next request. last_used_at is pushed
 * forward by a conditional UPDATE at most once a minute.
 */
export async function resolveApiToken(db: Db, token: string, now: Date): Promise<TokenLookup> {
  if (!API_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'malformed' };
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      createdBy: apiTokens.createdBy,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      role: apiTokens.role,
      creatorRole: teamMembers.role,
    })
    .from(apiTokens)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, apiTokens.userId), eq(teamMembers.memberId, apiTokens.createdBy)))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  // Its creator left the team (or their account is gone): the token went with them.
  if (row.revokedAt || !row.creatorRole) return { ok: false, reason: 'revoked' };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS + 1);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
  }
  return {
    ok: true,
    identity: {
      tokenId: row.id,
      userId: row.userId,
      memberId: row.createdBy ?? row.userId,
      scopes: parseScopes(row.scopes),
      role: row.role,
      creatorRole: row.creatorRole,
    },
  };
}
