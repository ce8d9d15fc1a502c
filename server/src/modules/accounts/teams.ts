import {
  type AssignableRole,
  ROLE_PERMISSIONS,
  type TeamContext,
  TeamErrorCode,
  type TeamMember,
  type TeamRole,
  type TeamSummary,
} from '@portal/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { changed } from '../../cache/invalidation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BusinessError } from '../../plugins/errors.ts';
import { maskEmail, maskMobile } from './mask.ts';
import { memberSessions, memberUsers, teamMembers } from './tables.ts';

/**
 * Revokes the API tokens a person made for a team, in the caller's transaction (the API tokens
 * module's; handed in, so accounts does not depend on the module that issues tokens).
 */
export type RevokeTeamTokens = (tx: Tx, now: Date, teamId: number, memberId: number) => Promise<unknown>;

/**
 * Members of a team and what they may do (decisions 0053, 0054). A team is an account: its id is
 * the member_users row holding the data. Every write here changes team_members or a session's
 * team, whose triggers drop every instance's cached sessions at commit (migration 0032); this
 * instance drops its own at once (`changed`).
 */

const notMember = () => new BusinessError(TeamErrorCode.NotMember, 'team.notMember');
const memberNotFound = () => new BusinessError(TeamErrorCode.NotMember, 'team.memberNotFound');

/** The caller's role in a team, or null when not a member. */
export async function roleIn(db: Db | Tx, teamId: number, memberId: number): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberId, memberId)));
  return row?.role ?? null;
}

/** Every team of a person, their own first, then by when they joined. */
export async function teamsOf(db: Db, memberId: number): Promise<TeamSummary[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId, name: memberUsers.nickname, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(memberUsers, eq(memberUsers.id, teamMembers.teamId))
    .where(eq(teamMembers.memberId, memberId))
    .orderBy(sql`${teamMembers.teamId} <> ${memberId}`, asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows;
}

export async function teamContext(db: Db, memberId: number, teamId: number, role: TeamRole): Promise<TeamContext> {
  return { teamId, role, permissions: [...ROLE_PERMISSIONS[role]], teams: await teamsOf(db, memberId) };
}

/** Points a session at another team of its member; refused for a team they are not in. */
export async function switchTeam(db: Db, sessionId: number, memberId: number, teamId: number): Promise<TeamContext> {
  const role = await roleIn(db, teamId, memberId);
  if (!role) throw notMember();
  await db.update(memberSessions).set({ teamId }).where(eq(memberSessions.id, sessionId));
  changed(db, 'sessions');
  return teamContext(db, memberId, teamId, role);
}

/** The members of a team, the owner first, then by when they joined; contacts masked. */
export async function listMembers(db: Db, teamId: number, callerId: number): Promise<TeamMember[]> {
  const rows = await db
    .select({
      memberId: teamMembers.memberId,
      role: teamMembers.role,
      joinedAt: teamMembers.createdAt,
      nickname: memberUsers.nickname,
      mobile: memberUsers.mobile,
      email: memberUsers.email,
    })
    .from(teamMembers)
    .innerJoin(memberUsers, eq(memberUsers.id, teamMembers.memberId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} <> 'owner'`, asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows.map((r) => ({
    memberId: r.memberId,
    nickname: r.nickname,
    mobile: r.mobile === null ? null : maskMobile(r.mobile),
    email: r.email === null ? null : maskEmail(r.email),
    role: r.role,
    joinedAt: r.joinedAt.getTime(),
    you: r.memberId === callerId,
  }));
}

/** Locks the team's account row: membership changes of one team happen one after another. */
async function lockTeam(tx: Tx, teamId: number): Promise<void> {
  await tx.select({ id: memberUsers.id }).from(memberUsers).where(eq(memberUsers.id, teamId)).for('update');
}

/** A member's row in the team, refused when absent; the owner's row is fixed. */
async function changeableMember(tx: Tx, teamId: number, memberId: number): Promise<void> {
  const role = await roleIn(tx, teamId, memberId);
  if (!role) throw memberNotFound();
  if (role === 'owner') throw new BusinessError(TeamErrorCode.OwnerFixed, 'team.ownerFixed');
}

/** Gives a member (not the owner) another role (not owner); their sessions and tokens act with it at once. */
export async function updateRole(db: Db, teamId: number, memberId: number, role: AssignableRole): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await changeableMember(tx, teamId, memberId);
    await tx
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberId, memberId)));
  });
  changed(db, 'sessions');
}

/**
 * Ends a person's part in a team, inside the caller's transaction: their row, their sessions acting
 * on it (revoked) and the API tokens they made for it (revoked). The statements notify every
 * instance at commit; the token lookup reads the database on every call.
 */
async function endMembership(tx: Tx, now: Date, teamId: number, memberId: number, revokeTokens: RevokeTeamTokens): Promise<void> {
  await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberId, memberId)));
  await tx
    .update(memberSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(memberSessions.userId, memberId),
        eq(sql`coalesce(${memberSessions.teamId}, ${memberSessions.userId})`, teamId),
        isNull(memberSessions.revokedAt),
      ),
    );
  await revokeTokens(tx, now, teamId, memberId);
}

/** Removes a member (not the owner, not the account's own login): at once, on every instance. */
export async function removeMember(
  db: Db,
  now: Date,
  teamId: number,
  memberId: number,
  revokeTokens: RevokeTeamTokens,
): Promise<void> {
  if (memberId === teamId) throw new BusinessError(TeamErrorCode.OwnerFixed, 'team.accountHolder');
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    await changeableMember(tx, teamId, memberId);
    await endMembership(tx, now, teamId, memberId, revokeTokens);
  });
  changed(db, 'sessions');
}

/**
 * Leaves the session's team: its other sessions there and its tokens there end, this session goes
 * back to the person's own team. The owner (and the account's own login) cannot leave.
 */
export async function leaveTeam(
  db: Db,
  now: Date,
  { teamId, memberId, sessionId }: { teamId: number; memberId: number; sessionId: number },
  revokeTokens: RevokeTeamTokens,
): Promise<TeamContext> {
  if (memberId === teamId) throw new BusinessError(TeamErrorCode.OwnerFixed, 'team.accountHolder');
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    const role = await roleIn(tx, teamId, memberId);
    if (!role) throw notMember();
    if (role === 'owner') throw new BusinessError(TeamErrorCode.OwnerFixed, 'team.ownerCannotLeave');
    // This session survives: back to the person's own team before the rest of that team's end.
    await tx.update(memberSessions).set({ teamId: null }).where(eq(memberSessions.id, sessionId));
    await endMembership(tx, now, teamId, memberId, revokeTokens);
  });
  changed(db, 'sessions');
  const own = await roleIn(db, memberId, memberId);
  return teamContext(db, memberId, memberId, own ?? 'owner');
}

/** Hands the team to another member: they become owner, the current owner admin. */
export async function transferOwnership(db: Db, teamId: number, ownerId: number, newOwnerId: number): Promise<void> {
  if (newOwnerId === ownerId) return;
  await db.transaction(async (tx) => {
    await lockTeam(tx, teamId);
    if (!(await roleIn(tx, teamId, newOwnerId))) throw memberNotFound();
    // One owner per team (a unique index): step down first.
    await tx
      .update(teamMembers)
      .set({ role: 'admin' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberId, ownerId)));
    await tx
      .update(teamMembers)
      .set({ role: 'owner' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberId, newOwnerId)));
  });
  changed(db, 'sessions');
}

/** Members and pending invitations of a team together (the TEAM_MAX_MEMBERS bound). */
export async function memberCount(tx: Tx, teamId: number): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/**
 * Adds a person to a team with a role (an accepted invitation), in the caller's transaction, and
 * points their session at it. Already a member: nothing changes but the session's team. The caller
 * drops this instance's cached sessions after commit (`changed(db, 'sessions')`).
 */
export async function joinTeam(
  tx: Tx,
  join: { teamId: number; memberId: number; role: TeamRole; invitedBy: number | null; now: Date; sessionId: number },
): Promise<void> {
  await tx
    .insert(teamMembers)
    .values({ teamId: join.teamId, memberId: join.memberId, role: join.role, invitedBy: join.invitedBy, createdAt: join.now })
    .onConflictDoNothing();
  await tx.update(memberSessions).set({ teamId: join.teamId }).where(eq(memberSessions.id, join.sessionId));
}
