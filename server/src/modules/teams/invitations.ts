import { randomBytes } from 'node:crypto';
import {
  type AssignableRole,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_DESTINATION_PER_DAY,
  type InvitationPreview,
  TEAM_INVITATIONS_PER_DAY,
  TEAM_MAX_MEMBERS,
  type TeamContext,
  type TeamInvitation,
  TeamErrorCode,
} from '@portal/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { changed } from '../../cache/invalidation.ts';
import type { Db } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { consume } from '../limits/limits.ts';
import { maskEmail, maskMobile } from '../accounts/mask.ts';
import { hashToken } from '../accounts/sessions.ts';
import { memberUsers, teamMembers } from '../accounts/tables.ts';
import { joinTeam, memberCount, roleIn, teamContext } from '../accounts/teams.ts';
import { teamInvitations } from './tables.ts';

/**
 * Invitations into a team (decision 0053): a link sent to a mobile number or e-mail address, whose
 * secret (32 random bytes) is kept only as its SHA-256, accepted once within INVITATION_TTL_DAYS by
 * the account that has that login id (signing up with it first when there is none).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
type Row = typeof teamInvitations.$inferSelect;

const toInvitation = (row: Row): TeamInvitation => ({
  id: row.id,
  destination: row.destination,
  channel: row.channel,
  role: row.role,
  createdAt: row.createdAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

const invalid = () => new BusinessError(TeamErrorCode.InvitationInvalid, 'team.invitationInvalid');

export interface NewInvitation {
  teamId: number;
  invitedBy: number;
  channel: 'sms' | 'email';
  destination: string;
  role: AssignableRole;
}

/**
 * Records an invitation and answers it with its link secret (sent, never stored). Under the team's
 * row lock: concurrent invitations count one after another against TEAM_MAX_MEMBERS, and one
 * destination has at most one pending invitation.
 */
export async function createInvitation(
  db: Db,
  now: Date,
  input: NewInvitation,
): Promise<{ invitation: TeamInvitation; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const invitation = await db.transaction(async (tx) => {
    await tx.select({ id: memberUsers.id }).from(memberUsers).where(eq(memberUsers.id, input.teamId)).for('update');
    const loginColumn = input.channel === 'sms' ? memberUsers.mobile : memberUsers.email;
    const [member] = await tx
      .select({ id: teamMembers.memberId })
      .from(teamMembers)
      .innerJoin(memberUsers, eq(memberUsers.id, teamMembers.memberId))
      .where(and(eq(teamMembers.teamId, input.teamId), eq(loginColumn, input.destination)));
    if (member) throw new BusinessError(TeamErrorCode.AlreadyMember, 'team.alreadyMember');
    const open = await tx
      .select({ destination: teamInvitations.destination })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, input.teamId), pending(now)));
    if (open.some((o) => o.destination === input.destination)) {
      throw new BusinessError(TeamErrorCode.AlreadyMember, 'team.alreadyInvited');
    }
    if ((await memberCount(tx, input.teamId)) + open.length >= TEAM_MAX_MEMBERS) {
      throw new BusinessError(TeamErrorCode.TooMany, 'team.tooMany', { max: TEAM_MAX_MEMBERS });
    }
    // Each invitation is a message to an address someone typed: bounded per team and per recipient.
    // Taken in this transaction, so only an invitation that is made (and sent) counts.
    const taken = await consume(
      tx,
      [
        { key: `team-invite:team:${input.teamId}`, limit: TEAM_INVITATIONS_PER_DAY, windowMs: DAY_MS },
        { key: `team-invite:to:${input.destination}`, limit: INVITATIONS_PER_DESTINATION_PER_DAY, windowMs: DAY_MS },
      ],
      now,
    );
    if (!taken.ok) {
      throw new BusinessError(TeamErrorCode.InvitationLimit, 'team.invitationLimit', {
        hours: Math.max(1, Math.ceil(taken.retryAfterMs / HOUR_MS)),
      });
    }
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        ...input,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return toInvitation(row);
  });
  return { invitation, token };
}

export async function listInvitations(db: Db, now: Date, teamId: number): Promise<TeamInvitation[]> {
  const rows = await db
    .select()
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id));
  return rows.map(toInvitation);
}

/** Revokes a pending invitation of the team; another team's id, or one no longer pending, is invalid. */
export async function revokeInvitation(db: Db, now: Date, teamId: number, id: number): Promise<void> {
  const ended = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), pending(now)))
    .returning({ id: teamInvitations.id });
  if (ended.length === 0) throw invalid();
}

async function pendingByToken(db: Pick<Db, 'select'>, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: teamInvitations, teamName: memberUsers.nickname })
    .from(teamInvitations)
    .innerJoin(memberUsers, eq(memberUsers.id, teamInvitations.teamId))
    .where(and(eq(teamInvitations.tokenHash, hashToken(token)), pending(now)));
  return row;
}

const maskDestination = (row: Row) => (row.channel === 'sms' ? maskMobile(row.destination) : maskEmail(row.destination));

/** What the invitation page shows before sign-in: the team, the role, the masked address invited. */
export async function previewInvitation(db: Db, now: Date, token: string): Promise<InvitationPreview> {
  const found = await pendingByToken(db, token, now);
  if (!found) throw invalid();
  const { invitation } = found;
  return {
    teamName: found.teamName,
    role: invitation.role,
    destination: maskDestination(invitation),
    channel: invitation.channel,
    expiresAt: invitation.expiresAt.getTime(),
  };
}

/**
 * Joins the invitation's team with the signed-in account, whose mobile or e-mail must be the one
 * invited (a forwarded link is no use to anyone else), and points this session at the team. The
 * invitation row is locked: two acceptances at once join once. Already a member: the link is used
 * up, the role kept.
 */
export async function acceptInvitation(
  db: Db,
  now: Date,
  { token, memberId, sessionId }: { token: string; memberId: number; sessionId: number },
): Promise<TeamContext> {
  const teamId = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.tokenHash, hashToken(token)), pending(now)))
      .for('update');
    if (!row) throw invalid();
    const [person] = await tx
      .select({ mobile: memberUsers.mobile, email: memberUsers.email })
      .from(memberUsers)
      .where(eq(memberUsers.id, memberId));
    const login = row.channel === 'sms' ? person?.mobile : person?.email;
    if (login !== row.destination) {
      throw new BusinessError(TeamErrorCode.InvitationOtherAccount, 'team.invitationOtherAccount', {
        destination: maskDestination(row),
      });
    }
    await joinTeam(tx, { teamId: row.teamId, memberId, role: row.role, invitedBy: row.invitedBy, now, sessionId });
    await tx.update(teamInvitations).set({ acceptedAt: now, acceptedBy: memberId }).where(eq(teamInvitations.id, row.id));
    return row.teamId;
  });
  changed(db, 'sessions');
  const role = await roleIn(db, teamId, memberId);
  if (!role) throw invalid();
  return teamContext(db, memberId, teamId, role);
}

/** For tests and the ops CLI: an invitation's row by its link secret. */
export const invitationByToken = (db: Db, token: string) =>
  db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)))
    .limit(1)
    .then((r) => r[0]);
