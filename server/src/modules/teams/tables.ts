import type { AssignableRole } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { memberUsers } from '../accounts/tables.ts';

/**
 * An invitation into a team (decision 0053): a mobile number or e-mail address, the role offered,
 * and a link whose secret is kept only as its SHA-256. Accepted by the account that has that login
 * id (signing up with it first if there is none), once, within INVITATION_TTL_DAYS.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => memberUsers.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    /** The mobile number (stored form) or lower-case e-mail address invited. */
    destination: text('destination').notNull(),
    role: text('role').$type<AssignableRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => memberUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => memberUsers.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('team_invitations_team').on(t.teamId),
    check('team_invitations_channel', sql`${t.channel} in ('sms', 'email')`),
    check('team_invitations_role', sql`${t.role} in ('admin', 'finance', 'developer', 'viewer')`),
  ],
);
