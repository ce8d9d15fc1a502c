import type { AuditObjectType, AuditSummary } from '@portal/shared';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (decision 0055): one row per successful change made in a team (the account whose
 * data it is). Append-only in the database: a trigger refuses every UPDATE, TRUNCATE and any DELETE
 * of a row younger than 365 days (migration 0033). No foreign keys on purpose: the log of a year
 * outlives an account or a member removed from the team.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The account (team) whose data changed: `currentUser(request).id`. */
    teamId: integer('team_id').notNull(),
    /** The person who made the change: `currentUser(request).memberId`. */
    actorMemberId: integer('actor_member_id').notNull(),
    /** `proxyAccount.create`, `password.change`… (AUDIT_ACTIONS). */
    action: text('action').notNull(),
    objectType: text('object_type').$type<AuditObjectType>().notNull(),
    /** The changed object's id, as text (null for the account's own settings). */
    objectId: text('object_id'),
    /** Ids, names and amounts only: never a password, token, code or document. */
    summary: jsonb('summary').$type<AuditSummary>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    /** False when written by the recovery sweep: the call began but its outcome was never recorded. */
    confirmed: boolean('confirmed').notNull().default(true),
  },
  (t) => [index('audit_events_team_time').on(t.teamId, t.at, t.id), index('audit_events_at').on(t.at)],
);

/**
 * A mutating call in flight: written before its handler runs, moved into audit_events in one
 * statement when it succeeds, deleted when it fails. What is left behind (the process died between
 * the change's commit and the move) is moved by the hourly sweep as not confirmed, so no committed
 * change is ever missing from the log.
 */
export const auditPending = pgTable(
  'audit_pending',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id').notNull(),
    actorMemberId: integer('actor_member_id').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').$type<AuditObjectType>().notNull(),
    objectId: text('object_id'),
    summary: jsonb('summary').$type<AuditSummary>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [index('audit_pending_at').on(t.at)],
);
