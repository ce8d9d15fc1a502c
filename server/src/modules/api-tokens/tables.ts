import type { TeamRole } from '@portal/shared';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';

/**
 * Personal API tokens of the public API /api/v1/ (docs/decisions/0022): `npt_` + 32 random bytes,
 * only their SHA-256 kept (like member_sessions, but a table of their own, so a session lookup can
 * never match an API token nor the other way round). Revoked tokens keep their row (revoked_at) so
 * the list and the audit of last use stay honest; at most API_TOKEN_MAX_PER_USER live ones.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    /**
     * The person who created it (decision 0053): the token acts with at most their current role in
     * the team (`user_id`), and ends when they leave it or reset their password. Null only when
     * their account is gone (the token is refused then).
     */
    createdBy: integer('created_by').references(() => memberUsers.id, { onDelete: 'set null' }),
    /** The creator's role when it was created: the most the token may ever do. */
    role: text('role').$type<TeamRole>().notNull().default('owner'),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole token (`npt_…`). */
    tokenHash: text('token_hash').notNull().unique(),
    /** `npt_` and the first 6 characters of the secret, to tell tokens apart in the list. */
    hint: text('hint').notNull(),
    /** Space-separated scopes (`usage:read proxy:write`). */
    scopes: text('scopes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_id').on(t.userId)],
);
